// Error codes thrown here: image_decoding_busy, image_too_large.
import { availableParallelism } from 'node:os';
import type { Metadata } from 'sharp';
import { AppError } from '../errors.ts';
import { decodeQueue } from './decode-queue.ts';
import { loadSharp } from './sharp-loader.ts';

/** Images decoding at once: 1 on a machine of up to 3 cores, 2 above. */
export const DECODE_SLOTS = Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)));
/** Uploads that may wait for a slot; beyond, 503 « réessayez » instead of waiting without end. */
export const DECODE_MAX_WAITING = 10;
/** How long a refused upload is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export const decodingBusy = () =>
  new AppError('image_decoding_busy', { retryAfterSeconds: RETRY_AFTER_SECONDS });

/** The queue every image decode of the process goes through (JPEG, PNG and HEIC uploads). */
export const imageDecoding = decodeQueue({
  slots: DECODE_SLOTS,
  maxWaiting: DECODE_MAX_WAITING,
  full: decodingBusy,
});

/**
 * The most bytes a decoded upload may take: 150 MB, i.e. the 50 megapixels of the pixel limit in
 * 8-bit RGB. A 12 MP phone photo takes 48 MB even with alpha; a 7000 × 7000 PNG of 16-bit RGBA
 * (392 MB once decoded, 381 KB compressed) is refused before any decoding.
 */
export const MAX_DECODED_BYTES = 150_000_000;

export const imageTooLarge = () => new AppError('image_too_large');

const BYTES_PER_SAMPLE: Record<Metadata['depth'], number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** Width × height × channels × bytes per channel, from the header; null when the header lacks one. */
export function decodedBytes(meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number | null {
  const sample = BYTES_PER_SAMPLE[meta.depth];
  if (!meta.width || !meta.height || !meta.channels || !sample) return null;
  return meta.width * meta.height * meta.channels * sample;
}

/** The decoded size of an image, from its header alone (cheap: nothing is decoded); null if unknown. */
export async function decodedSize(bytes: Buffer): Promise<number | null> {
  const sharp = await loadSharp();
  return decodedBytes(await sharp(bytes).metadata());
}
