import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * libvips (sharp), loaded with the first image to decode rather than when the server starts: about
 * 14 MB of resident memory a server that receives no upload never needs. Configured once, as it loads.
 *
 * sharp runs each image on libuv's thread pool (4 threads by default), which @node-rs/argon2 shares:
 * a few slow decodes at once used to hold every thread and make an unrelated login wait seconds.
 * So: one libvips thread per image (one image never takes every core), no operation cache (every
 * upload is decoded once), and at most one or two images decoding at a time (`imageDecoding`) — the
 * rest of the pool stays free for password hashing, files and the database.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
