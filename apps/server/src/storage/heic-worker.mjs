// Decodes one HEIC image off the main thread (libheif compiled to WebAssembly runs synchronously:
// a 12 MP photo takes ~1 s, which must not stall every other request). Plain JS so it runs as a
// worker under any loader. Input: workerData {bytes: Uint8Array, maxPixels, maxBytes}. Output: one message,
// {width, height, data} (RGBA, buffer transferred) or {error}.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const { bytes, maxPixels, maxBytes } = workerData;
let images;
try {
  images = await decode.all({ buffer: bytes });
  const first = images[0];
  // Measured before decoding: a forged header cannot make us allocate gigabytes.
  // Decoded as 8-bit RGBA: 4 bytes a pixel.
  if (!first || first.width * first.height > maxPixels || first.width * first.height * 4 > maxBytes) {
    parentPort.postMessage({ error: 'too_large' });
  } else {
    const image = await first.decode();
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    parentPort.postMessage({ width: image.width, height: image.height, data }, [data.buffer]);
  }
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : 'decode failed' });
} finally {
  images?.dispose();
}
