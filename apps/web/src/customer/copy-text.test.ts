import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

/** A clipboard that keeps what it was given, or refuses like a browser without permission. */
function fakeClipboard(refuse = false) {
  const written: string[] = [];
  const writeText = vi.fn(async (text: string) => {
    if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
    written.push(text);
  });
  vi.stubGlobal('navigator', { clipboard: { writeText } });
  return { written, writeText };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyText', () => {
  it('copies the text, trimmed: « Texte copié »', async () => {
    const clipboard = fakeClipboard();
    expect(await copyText('  FR76 3000 6000 0112 3456 7890 189 ')).toBe('copied');
    expect(clipboard.written).toEqual(['FR76 3000 6000 0112 3456 7890 189']);
  });

  it.each([null, undefined, '', '   '])(
    'has nothing to copy for %j: « Aucun texte à copier »',
    async (text) => {
      const clipboard = fakeClipboard();
      expect(await copyText(text)).toBe('empty');
      expect(clipboard.writeText).not.toHaveBeenCalled();
    },
  );

  it('reports a refused clipboard instead of throwing: « Échec de la copie »', async () => {
    fakeClipboard(true);
    expect(await copyText('IBAN')).toBe('failed');
  });

  it('reports a browser without the clipboard API as a failure', async () => {
    vi.stubGlobal('navigator', {});
    expect(await copyText('IBAN')).toBe('failed');
  });
});
