import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { median } from '../../testing/timing-stats.ts';
import { loginRequest, makeCustomer } from '../../testing/customers.ts';
import { decodedSize, imageDecoding, MAX_DECODED_BYTES } from '../../storage/image-decoding.ts';
import { startOnboarding, uploadDocumentRequest } from './__tests__/helpers.ts';

/**
 * Decoding images must not hold up everything else: argon2 shares libuv's thread pool with sharp.
 * While large but valid uploads decode, unrelated logins must all finish before half the uploads
 * have: an order of events, not a duration, so a busy machine cannot fail it. Before the decode
 * queue, 8 such uploads held every thread of the pool and a login ended only after them. The
 * medians (alone and under load) are printed for the record, not compared: timings belong in
 * benchmarks.
 */
const UPLOADS = 8;
const LOGINS = 9;

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(async () => t.close());

/** 4900 × 4900 in 16-bit RGB: 144 MB decoded (within the budget), 5.6 MB on disk, ~2 s to decode. */
async function largeValidPng(): Promise<Buffer> {
  const side = 4900;
  const raw = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      raw[i] = x & 255;
      raw[i + 1] = y & 255;
      raw[i + 2] = (x ^ y) & 255;
    }
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await nextTurn();
}

describe('uploads under load', () => {
  it('an unrelated login stays fast while large uploads decode', async () => {
    const c = await makeCustomer(t.ctx);
    const image = await largeValidPng();
    expect(await decodedSize(image)).toBeLessThanOrEqual(MAX_DECODED_BYTES);

    const timedLogin = async () => {
      const start = performance.now();
      const res = await loginRequest(t.app, c.email, c.password);
      expect(res.statusCode).toBe(200);
      return performance.now() - start;
    };
    await timedLogin();
    const unloaded: number[] = [];
    for (let i = 0; i < LOGINS; i++) unloaded.push(await timedLogin());

    const app = await startOnboarding(t);
    let finished = 0;
    const uploads = Array.from({ length: UPLOADS }, (_, i) =>
      uploadDocumentRequest(t, { app }, i % 2 ? 'selfie' : 'proof_of_address', {
        bytes: image,
        name: `grand-${i}.png`,
        type: 'image/png',
      }).finally(() => finished++),
    );
    // Every upload has been read and is decoding or waiting for its turn.
    await until(() => imageDecoding.active + imageDecoding.waiting === UPLOADS);
    const loaded: number[] = [];
    // Logins run one after the other while the load lasts; one counts when it ended before half
    // the uploads were done. A login stuck behind the decodes ends after them, and does not count.
    const loadLasts = () => finished < UPLOADS / 2;
    while (loaded.length < LOGINS && loadLasts()) {
      const ms = await timedLogin();
      if (loadLasts()) loaded.push(ms);
    }
    const statuses = (await Promise.all(uploads)).map((res) => res.statusCode);
    // Unloaded again: before and after the load, so a drift of the machine weighs on both sides.
    for (let i = 0; i < LOGINS; i++) unloaded.push(await timedLogin());

    const figures =
      `login median ${median(unloaded).toFixed(1)} ms alone, ${median(loaded).toFixed(1)} ms during ` +
      `${UPLOADS} uploads (slowest ${Math.max(...loaded).toFixed(1)} ms; ` +
      `${loaded.length} of ${LOGINS} logins done while the load lasted)`;
    console.info(figures);
    expect(statuses, figures).toEqual(Array(UPLOADS).fill(201));
    expect(loaded.length, figures).toBe(LOGINS);
  });
});
