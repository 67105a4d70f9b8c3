import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, pushSupport, subscriptionRequest } from './push-subscription.ts';

describe('base64UrlToBytes', () => {
  it('decodes base64url with or without padding, - and _ included', () => {
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('-_8')]).toEqual([251, 255]);
    expect([...base64UrlToBytes('-_8=')]).toEqual([251, 255]);
    expect([...base64UrlToBytes('')]).toEqual([]);
  });

  it('gives the 65 bytes of an uncompressed P-256 public key', () => {
    const key = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString('base64url');
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(bytes[64]).toBe(63);
  });

  it('refuses what is not base64url', () => {
    expect(() => base64UrlToBytes('ab+c')).toThrow();
    expect(() => base64UrlToBytes('a')).toThrow();
    expect(() => base64UrlToBytes('a b')).toThrow();
  });
});

describe('subscriptionRequest', () => {
  it('takes the endpoint and keys of PushSubscription.toJSON(), and the device’s choice of amounts', () => {
    const json = { endpoint: 'https://push.example/abc', keys: { p256dh: 'BPk', auth: 'x_y' } };
    expect(subscriptionRequest(json, false)).toEqual({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'BPk', auth: 'x_y' },
      showAmounts: false,
    });
    expect(subscriptionRequest(json, true).showAmounts).toBe(true);
  });

  it('refuses a subscription without its keys', () => {
    expect(() => subscriptionRequest({ endpoint: 'https://push.example/abc' }, false)).toThrow();
    expect(() => subscriptionRequest({ keys: { p256dh: 'a', auth: 'b' } }, false)).toThrow();
  });
});

describe('pushSupport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is unsupported without service workers, PushManager or Notification', () => {
    vi.stubGlobal('navigator', {});
    expect(pushSupport()).toBe('unsupported');
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('PushManager', undefined);
    vi.stubGlobal('Notification', { permission: 'default' });
    expect(pushSupport()).toBe('unsupported');
  });

  it('is the notification permission otherwise', () => {
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('PushManager', class {});
    for (const permission of ['default', 'granted', 'denied'] as const) {
      vi.stubGlobal('Notification', { permission });
      expect(pushSupport()).toBe(permission);
    }
  });
});
