// Error codes thrown here: file_missing, file_too_large, file_type_unsupported, file_unreadable,
//   selfie_not_a_photo.
import { Worker } from 'node:worker_threads';
import { MAX_DOCUMENT_BYTES, type DocumentMime } from '@comptoir/contracts';
import { AppError } from '../errors.ts';
import { decodedSize, imageDecoding, imageTooLarge, MAX_DECODED_BYTES } from './image-decoding.ts';
import { loadSharp } from './sharp-loader.ts';

/** Content type recognised from the first bytes (never from the name or the declared type). */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/heic' | 'application/pdf';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function sniff(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    if (HEIF_BRANDS.has(bytes.subarray(8, 12).toString('latin1'))) return 'image/heic';
  }
  return null;
}

/** Longest side kept for images: plenty to read a document, bounded in size. */
export const MAX_IMAGE_SIDE = 4096;
/** Decoding refuses images larger than this (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;

export const unsupportedFile = () => new AppError('file_type_unsupported');
export const unreadableFile = () => new AppError('file_unreadable');
export const selfieNotAPhoto = () => new AppError('selfie_not_a_photo');
export const fileTooLarge = () => new AppError('file_too_large');

export interface CleanFile {
  mime: DocumentMime;
  bytes: Buffer;
}

/**
 * Checks an upload by content and returns what is stored: JPEG and PNG re-encoded by libvips
 * (orientation applied, every metadata block — EXIF, GPS, XMP, ICC, comments — dropped, at most
 * 4096 px a side), HEIC decoded then re-encoded to JPEG the same way, PDF rewritten without active
 * content (pdf-cleaning.ts; an encrypted or unparseable one is refused). An image whose
 * header announces more than `MAX_DECODED_BYTES` once decoded is refused before decoding, and
 * decoding waits its turn in `imageDecoding` (503 when too many wait already).
 */
export async function cleanDocument(bytes: Buffer): Promise<CleanFile> {
  if (bytes.length === 0) throw new AppError('file_missing');
  if (bytes.length > MAX_DOCUMENT_BYTES) throw fileTooLarge();
  const type = sniff(bytes);
  if (!type) throw unsupportedFile();
  if (type === 'application/pdf')
    return { mime: 'application/pdf', bytes: await imageDecoding.run(() => rewritePdf(bytes)) };
  if (type === 'image/heic')
    return { mime: 'image/jpeg', bytes: await imageDecoding.run(() => reencodeHeic(bytes)) };
  const size = await decodedSize(bytes).catch(() => null);
  if (size === null) throw unreadableFile();
  if (size > MAX_DECODED_BYTES) throw imageTooLarge();
  return { mime: type, bytes: await imageDecoding.run(() => reencode(type, bytes)) };
}

async function rewritePdf(bytes: Buffer): Promise<Buffer> {
  // @cantoo/pdf-lib (the maintained fork of pdf-lib), loaded with the first PDF to clean (about 7 MB resident), not when the server starts.
  const { cleanPdf } = await import('./pdf-cleaning.ts');
  try {
    return await cleanPdf(bytes);
  } catch {
    throw unreadableFile();
  }
}

async function reencode(type: 'image/jpeg' | 'image/png', bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
    return type === 'image/png'
      ? await image.png({ compressionLevel: 6 }).toBuffer()
      : await image.jpeg({ quality: 88 }).toBuffer();
  } catch {
    throw unreadableFile();
  }
}

/** How long a HEIC decode may take before its worker is stopped. */
const HEIC_TIMEOUT_MS = 30_000;

interface DecodedHeic {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decodes in a short-lived worker thread (bounded memory and time; a crash stays in the worker). */
function decodeHeic(bytes: Buffer): Promise<DecodedHeic> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), {
      workerData: { bytes: new Uint8Array(bytes), maxPixels: MAX_INPUT_PIXELS, maxBytes: MAX_DECODED_BYTES },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const timer = setTimeout(() => void worker.terminate(), HEIC_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    worker.once('message', (message: DecodedHeic | { error: string }) => {
      done();
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', (error: Error) => {
      done();
      reject(error);
    });
    worker.once('exit', () => {
      done();
      reject(new Error('HEIC decoder stopped'));
    });
  });
}

async function reencodeHeic(bytes: Buffer): Promise<Buffer> {
  let image: DecodedHeic;
  try {
    image = await decodeHeic(bytes);
  } catch (error) {
    throw error instanceof Error && error.message === 'too_large' ? imageTooLarge() : unreadableFile();
  }
  const sharp = await loadSharp();
  try {
    return await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch {
    throw unreadableFile();
  }
}
