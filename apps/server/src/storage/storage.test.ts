import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { EncryptedFiles, fileStoreFromConfig } from './encrypted-files.ts';
import type { FileStore } from './file-store.ts';
import { localFileStore } from './local-store.ts';
import { parseStorageUrl, s3FileStore } from './s3-store.ts';
import { jpegWithGps } from './__tests__/document-samples.ts';

const KEY = 'a'.repeat(32);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** A plaintext JPEG would start with its signature (after our 29-byte envelope at most). A
 * 3-byte pattern somewhere inside kilobytes of random ciphertext is expected by chance, so only
 * the head of the file is checked. */
function hasJpegSignatureUpFront(raw: Buffer): boolean {
  return raw.subarray(0, 32).includes(JPEG_SIGNATURE);
}

/** The same contract for every store. */
function storeContract(name: string, make: () => FileStore) {
  describe(`${name} store`, () => {
    it('puts, gets and deletes bytes under an opaque key', async () => {
      const store = make();
      const key = randomBytes(16).toString('hex');
      const bytes = randomBytes(70_000);
      await store.put(key, bytes);
      expect((await store.get(key))?.equals(bytes)).toBe(true);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await store.delete(key); // deleting twice is fine
    });

    it('refuses keys that are not 32 hex characters (no path, no traversal)', async () => {
      const store = make();
      await expect(store.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(store.get('AB'.repeat(16))).rejects.toThrow('invalid storage key');
    });
  });
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'comptoir-files-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

storeContract('local', () => localFileStore(root));

describe('local store files', () => {
  it('are private: folder 0700, file 0600, no temporary leftovers', async () => {
    const store = localFileStore(root);
    await store.put(KEY, Buffer.from('secret'));
    expect(statSync(join(root, 'aa')).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'aa', KEY)).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, 'aa'))).toEqual([KEY]);
  });
});

describe('encrypted files', () => {
  it('store only ciphertext: no image signature, no EXIF, no pixel bytes', async () => {
    const store = localFileStore(root);
    const files = new EncryptedFiles(randomBytes(32), store);
    const image = await jpegWithGps();
    const key = await files.put(image, 'doc-1');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const raw = (await store.get(key))!;
    expect(raw.length).toBe(image.length + 33); // version, key id, IV, tag
    expect(hasJpegSignatureUpFront(raw)).toBe(false);
    // Markers long enough that random ciphertext cannot hold them by chance (< 1 in 10^15).
    expect(raw.includes('MARKER-SECRET-PLACE')).toBe(false);
    // No 16-byte window of the image (EXIF header, GPS block, pixels) appears in the stored file.
    for (let i = 0; i + 16 <= image.length; i += 16)
      expect(raw.includes(image.subarray(i, i + 16))).toBe(false);
    expect((await files.get(key, 'doc-1'))?.equals(image)).toBe(true);
  });

  it('do not open under another document id, another key or after tampering', async () => {
    const store = localFileStore(root);
    const masterKey = randomBytes(32);
    const files = new EncryptedFiles(masterKey, store);
    const key = await files.put(Buffer.from('passport scan'), 'doc-a');
    await expect(files.get(key, 'doc-b')).rejects.toThrow();
    await expect(new EncryptedFiles(randomBytes(32), store).get(key, 'doc-a')).rejects.toThrow();
    const raw = (await store.get(key))!;
    raw[raw.length - 1]! ^= 1;
    await store.put(key, raw);
    await expect(files.get(key, 'doc-a')).rejects.toThrow();
  });

  it('use $DATA_DIR/files by default and S3 when STORAGE_URL is set', () => {
    expect(fileStoreFromConfig({ dataDir: root, storageUrl: undefined }).kind).toBe('local');
    const config = loadConfig({
      SANDBOX: 'true',
      DATA_DIR: root,
      STORAGE_URL: 's3://AK:SECRET@s3.example.net/docs',
    });
    expect(fileStoreFromConfig(config).kind).toBe('s3');
  });
});

describe('STORAGE_URL', () => {
  it('parses key, secret, host, bucket and region', () => {
    expect(parseStorageUrl('s3://AKIA:se%2Fcret@s3.example.net:9000/identity-docs?region=eu-west-3')).toEqual(
      {
        endpoint: 'https://s3.example.net:9000',
        bucket: 'identity-docs',
        region: 'eu-west-3',
        accessKeyId: 'AKIA',
        secretAccessKey: 'se/cret',
      },
    );
    expect(parseStorageUrl('s3+http://k:s@127.0.0.1:4569/b').endpoint).toBe('http://127.0.0.1:4569');
    expect(() => parseStorageUrl('https://k:s@host/b')).toThrow();
    expect(() => parseStorageUrl('s3://host/b')).toThrow();
    expect(() => parseStorageUrl('s3://k:s@host/')).toThrow();
  });
});

// A real S3-compatible server (s3rver, from npm) on 127.0.0.1.
describe('S3 store against a local S3-compatible server', () => {
  let server: { close(): Promise<void> } | undefined;
  let url = '';
  const dir = mkdtempSync(join(tmpdir(), 'comptoir-s3-'));
  beforeAll(async () => {
    const { default: S3rver } = await import('s3rver');
    const instance = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'identity-docs' }],
    });
    const address = await instance.run();
    server = instance;
    url = `s3+http://S3RVER:S3RVER@127.0.0.1:${address.port}/identity-docs`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  storeContract('s3', () => s3FileStore(parseStorageUrl(url)));

  it('holds only ciphertext', async () => {
    const store = s3FileStore(parseStorageUrl(url));
    const files = new EncryptedFiles(randomBytes(32), store);
    const image = await jpegWithGps();
    const key = await files.put(image, 'doc-s3');
    const raw = (await store.get(key))!;
    expect(hasJpegSignatureUpFront(raw)).toBe(false);
    expect(raw.includes('MARKER-SECRET-PLACE')).toBe(false);
    expect((await files.get(key, 'doc-s3'))?.equals(image)).toBe(true);
  });

  it('reports a refusal of the server as an error', async () => {
    const badKey = s3FileStore(parseStorageUrl(url.replace('S3RVER:S3RVER', 'UNKNOWN:S3RVER')));
    await expect(badKey.put(KEY, Buffer.from('x'))).rejects.toThrow(/S3 put failed: 403/);
    const noBucket = s3FileStore(parseStorageUrl(url.replace('/identity-docs', '/missing-bucket')));
    await expect(noBucket.put(KEY, Buffer.from('x'))).rejects.toThrow(/S3 put failed: 404/);
  });
});
