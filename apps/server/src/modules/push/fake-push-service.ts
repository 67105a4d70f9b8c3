// Tests only: a push service on 127.0.0.1 and a browser's side of RFC 8291 / RFC 8292, with node:crypto.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** A new endpoint of this service (one per device). */
  endpoint(): string;
  received: ReceivedPush[];
  /** The status every following request is answered with (201 by default, as push services do). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  let status = 201;
  let devices = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: () => `${origin}/push/device-${devices++}-${randomBytes(6).toString('hex')}`,
    received,
    answerWith: (s) => {
      status = s;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte authentication secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  keys: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts an `aes128gcm` push message as the browser does (RFC 8291 §3.4, RFC 8188): header (salt,
 * record size, the sender's ephemeral public key), then one record ending with the delimiter 0x02.
 */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(ecdhSecret, browser.authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (padded[end - 1] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end - 1).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Reads and verifies a VAPID `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292 §3):
 * ES256 over the JWT with the key given; returns the key and the claims, or throws.
 */
export function verifyVapid(authorization: string | undefined): { publicKey: string; claims: VapidClaims } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string }).alg !== 'ES256')
    throw new Error('not ES256');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('bad VAPID signature');
  return {
    publicKey: match[2],
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims,
  };
}
