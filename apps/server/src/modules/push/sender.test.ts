import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeys } from './fake-push-service.ts';
import { RefusedEndpointError, sendPush } from './sender.ts';

// A listener standing for another service of this machine (a database, a cache): it counts the
// connections it receives, and must receive none.
let other: Server;
let connections = 0;
let port = 0;
beforeAll(async () => {
  other = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  port = (other.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

const send = (endpoint: string, sandboxPushPort: number | undefined) =>
  sendPush({ endpoint, ...browserKeys().keys }, '{}', {
    vapid: { subject: 'mailto:support@exemple.test', ...webpush.generateVAPIDKeys() },
    ttlSeconds: 60,
    urgency: 'normal',
    sandboxPushPort,
  });

describe('sending refuses a loopback or private endpoint other than the declared test receiver, before any traffic', () => {
  it.each([
    ['another port of 127.0.0.1 in the sandbox', () => `http://127.0.0.1:${port}/push`, port + 1],
    ['127.0.0.1 with no receiver declared', () => `http://127.0.0.1:${port}/push`, undefined],
    ['https to a port of 127.0.0.1', () => `https://127.0.0.1:${port}/push`, undefined],
    ['https to 127.0.0.1 on the receiver’s port', () => `https://127.0.0.1:${port}/push`, port],
    ['the receiver’s port on another loopback address', () => `http://127.0.0.2:${port}/push`, port],
    ['a private address', () => 'https://10.0.0.1/push', undefined],
    ['the link-local metadata address', () => 'http://169.254.169.254/latest', undefined],
  ])('%s', async (_label, endpoint, declared) => {
    await expect(send(endpoint(), declared)).rejects.toBeInstanceOf(RefusedEndpointError);
    expect(connections).toBe(0);
  });
});
