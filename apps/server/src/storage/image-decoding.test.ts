import { afterEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { cleanDocument } from './document-file.ts';
import {
  decodedBytes,
  decodedSize,
  decodingBusy,
  imageDecoding,
  MAX_DECODED_BYTES,
} from './image-decoding.ts';
import { cleaningRefusal as refusal } from './__tests__/document-samples.ts';

/** A flat PNG (it compresses to almost nothing, whatever its dimensions). */
const flatPng = (width: number, height: number, bits: 8 | 16) => {
  const image = sharp({
    create: { width, height, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 1 } },
  });
  return (bits === 16 ? image.toColourspace('rgb16') : image).png({ compressionLevel: 9 }).toBuffer();
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('decoded size budget (decompression bombs)', () => {
  it('counts width × height × channels × bytes per channel', () => {
    expect(decodedBytes({ width: 4000, height: 3000, channels: 4, depth: 'uchar' })).toBe(48_000_000);
    expect(decodedBytes({ width: 7000, height: 7000, channels: 4, depth: 'ushort' })).toBe(392_000_000);
    expect(decodedBytes({ width: 100, height: 100, channels: 3, depth: 'float' })).toBe(120_000);
    expect(decodedBytes({ width: 0, height: 100, channels: 3, depth: 'uchar' })).toBeNull();
    expect(48_000_000).toBeLessThan(MAX_DECODED_BYTES);
  });

  it('refuses a small file that decodes to 392 MB (7000 × 7000, 16-bit RGBA) without decoding it', async () => {
    const bomb = await flatPng(7000, 7000, 16);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await decodedSize(bomb)).toBe(392_000_000);
    const run = vi.spyOn(imageDecoding, 'run');
    const refused = await refusal(bomb);
    expect(refused).toMatchObject({ status: 413, code: 'image_too_large' });
    expect(refused.detail).toMatch(/trop grande une fois décompressée/);
    expect(run).not.toHaveBeenCalled();
  });

  it('limits bytes, not only pixels: the same dimensions in 8 bits are over too, a 16-bit scan of 1 MP is fine', async () => {
    expect(await refusal(await flatPng(7000, 7000, 8))).toMatchObject({ status: 413 });
    const scan = await cleanDocument(await flatPng(1000, 1000, 16));
    expect(scan.mime).toBe('image/png');
  });

  it('keeps a 12 MP photo with alpha (48 MB decoded)', async () => {
    const photo = await flatPng(4000, 3000, 8);
    const out = await cleanDocument(photo);
    expect(out.mime).toBe('image/png');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([4000, 3000]);
  });

  it('answers 503 with « réessayez » when too many images wait for decoding', async () => {
    vi.spyOn(imageDecoding, 'run').mockRejectedValue(decodingBusy());
    const busy = await refusal(await flatPng(64, 64, 8));
    expect(busy).toMatchObject({ status: 503, code: 'image_decoding_busy' });
    expect(busy.detail).toMatch(/Réessayez dans quelques secondes/);
  });
});
