import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { isPublicAddress } from './public-address.ts';
import { endpointProblem, isSandboxLoopback, type SandboxPushPort } from './endpoint-check.ts';

/** The DNS lookup a send goes through (tests put a stub). */
export type DnsLookup = typeof dnsLookup;

/** A lookup that found a non-public address: the connection is never opened. */
export class NonPublicAddressError extends Error {
  readonly code = 'EPUSHNONPUBLIC';
  constructor(hostname: string) {
    super(`${hostname} resolves to a non-public address`);
    this.name = 'NonPublicAddressError';
  }
}

/**
 * The socket's address lookup at send time: every address the name resolves to must be public, or
 * the connection fails before it is opened. This guards against DNS rebinding (a name checked public
 * when the subscription was made, pointing at an internal address later).
 */
export function guardedLookup(resolve: DnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const first = addresses[0];
      if (!first || !addresses.every((a) => isPublicAddress(a.address)))
        return callback(new NonPublicAddressError(hostname), '');
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** An endpoint the rules refuse (`endpointProblem`): nothing is sent. */
export class RefusedEndpointError extends Error {
  readonly code = 'EPUSHREFUSED';
  constructor(problem: string) {
    super(`push endpoint refused: ${problem}`);
    this.name = 'RefusedEndpointError';
  }
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** The sandbox's test push receiver (http://127.0.0.1:<port>), when one is declared. */
  sandboxPushPort: SandboxPushPort;
  lookup?: DnsLookup;
}

/** How long a push request may stay silent (connecting, or waiting for the answer) before it is abandoned. */
const SEND_TIMEOUT_MS = 10_000;
/** The most of a push service's answer kept (for the log). */
const MAX_ANSWER = 2000;

export interface PushAnswer {
  status: number;
  body: string;
}

/**
 * Sends one push message: web-push encrypts it for the device (RFC 8291, aes128gcm) and signs the
 * VAPID JWT (RFC 8292); the request goes out here, through `guardedLookup`, never following a
 * redirect. Resolves with the push service's status (any), rejects on a network error, a timeout
 * or a refused address. (web-push's own sender only speaks https, and the sandbox's test push
 * receiver is plain http on 127.0.0.1, on its declared port only.)
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  options: PushSendOptions,
): Promise<PushAnswer> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: options.vapid,
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  // Checked again here, before any connection: an address written in the URL never goes through
  // the guarded lookup below.
  const problem = endpointProblem(details.endpoint, options.sandboxPushPort);
  if (problem !== null) throw new RefusedEndpointError(problem);
  const url = new URL(details.endpoint);
  const loopback = isSandboxLoopback(url, options.sandboxPushPort);
  const request = loopback ? httpRequest : httpsRequest;
  return await new Promise<PushAnswer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: details.method,
        headers: details.headers,
        timeout: SEND_TIMEOUT_MS,
        ...(loopback ? {} : { lookup: guardedLookup(options.lookup) }),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < MAX_ANSWER) body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: body.slice(0, MAX_ANSWER) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}
