import { describe, expect, it } from 'vitest';
import { notificationOptions, notificationTarget, parsePushPayload } from './push-payload.ts';

const payload = {
  title: 'Paiement en ligne à confirmer',
  body: '35,00 € chez Librairie du Port',
  url: '/carte/paiements-en-ligne?confirmer=abc',
  tag: 'card-authentication-abc',
};

describe('parsePushPayload', () => {
  it('reads the JSON the server sends', () => {
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
  });

  it('ignores a malformed message', () => {
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload('')).toBeNull();
    expect(parsePushPayload('pas du JSON')).toBeNull();
    expect(parsePushPayload('"texte"')).toBeNull();
    expect(parsePushPayload('null')).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, title: 3 }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, title: '' }))).toBeNull();
    const { tag: _tag, ...withoutTag } = payload;
    expect(parsePushPayload(JSON.stringify(withoutTag))).toBeNull();
  });

  it('ignores a message whose link leaves the app', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'carte'])
      expect(parsePushPayload(JSON.stringify({ ...payload, url }))).toBeNull();
  });
});

describe('notificationOptions', () => {
  it('shows the text as it is, with the app’s icons, the tag and the path to open', () => {
    expect(notificationOptions(payload)).toEqual({
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'fr',
    });
  });
});

describe('notificationTarget', () => {
  const origin = 'https://comptoir.example';

  it('opens the notification’s path on this site', () => {
    expect(notificationTarget({ url: payload.url }, origin)).toBe(
      'https://comptoir.example/carte/paiements-en-ligne?confirmer=abc',
    );
  });

  it('opens the home page for anything else', () => {
    for (const data of [
      null,
      'x',
      {},
      { url: 4 },
      { url: 'https://evil.example/' },
      { url: '//evil.example' },
    ])
      expect(notificationTarget(data, origin)).toBe('https://comptoir.example/');
  });
});
