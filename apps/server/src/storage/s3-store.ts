import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type FileStore } from './file-store.ts';

export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `STORAGE_URL` → S3 location: `s3://KEY:SECRET@host[:port]/bucket[?region=eu-west-1]` (HTTPS), or
 * `s3+http://…` for a local S3-compatible server without TLS. Requests are path-style.
 */
export function parseStorageUrl(url: string): S3Location {
  const u = new URL(url);
  const scheme = u.protocol.replace(/:$/, '');
  if (scheme !== 's3' && scheme !== 's3+http') {
    throw new Error(
      'STORAGE_URL must look like s3://KEY:SECRET@host:port/bucket (or s3+http:// for a local server)',
    );
  }
  const bucket = decodeURIComponent(u.pathname.replace(/^\/+|\/+$/g, ''));
  if (!bucket || bucket.includes('/'))
    throw new Error('STORAGE_URL must name one bucket: s3://…@host/bucket');
  if (!u.username || !u.password) throw new Error('STORAGE_URL must carry the access key and secret');
  return {
    endpoint: `${scheme === 's3' ? 'https' : 'http'}://${u.host}`,
    bucket,
    region: u.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
  };
}

/** An S3-compatible bucket through signed (SigV4) HTTP requests (aws4fetch, no SDK). */
export function s3FileStore(location: S3Location, options: { timeoutMs?: number } = {}): FileStore {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    service: 's3',
    region: location.region,
    retries: 3,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const urlOf = (key: string) => {
    assertStorageKey(key);
    return `${location.endpoint}/${encodeURIComponent(location.bucket)}/${key}`;
  };
  const failed = async (what: string, response: Response) => {
    const body = (await response.text().catch(() => '')).slice(0, 200);
    return new Error(`S3 ${what} failed: ${response.status} ${body}`);
  };
  return {
    kind: 's3',
    async put(key, bytes) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: Uint8Array.from(bytes),
        headers: { 'content-type': 'application/octet-stream' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw await failed('put', response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failed('get', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), {
        method: 'DELETE',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok && response.status !== 404) throw await failed('delete', response);
      await response.arrayBuffer();
    },
  };
}
