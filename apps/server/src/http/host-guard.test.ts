import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { hostAllowed, hostName } from './host-guard.ts';

/** Sends one raw HTTP/1.1 request and returns the answer's status and body. */
async function raw(port: number, lines: string[]): Promise<{ status: number; body: string }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  socket.write([...lines, 'connection: close', '', ''].join('\r\n'));
  await ended;
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

let sandbox: TestContext;
let port: number;
beforeAll(async () => {
  sandbox = await makeTestContext({ rateLimits: false });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  port = (sandbox.app.server.address() as AddressInfo).port;
});
afterAll(() => sandbox.close());

describe('host names the server answers for', () => {
  it('normalises a Host value as a browser resolves it', () => {
    expect(hostName('LocalHost.:3000')).toBe('localhost');
    expect(hostName('[0:0::1]:8080')).toBe('[::1]');
    expect(hostName('127.1')).toBe('127.0.0.1');
    expect(hostName('user@localhost')).toBeNull();
    expect(hostName('localhost/x')).toBeNull();
    expect(hostName('')).toBeNull();
  });

  it('without PUBLIC_URL, loopback names only, on any port', () => {
    const allowed = hostAllowed({ publicUrl: 'http://localhost:3000', publicUrlConfigured: false });
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:1', '[::1]:3000', 'app.localhost:5173'])
      expect(allowed(host), host).toBe(true);
    for (const host of ['evil.example', 'localhost.evil.example', '10.0.0.1', '[::2]', 'localhost:x'])
      expect(allowed(host), host).toBe(false);
  });

  it('with PUBLIC_URL, its host name and loopback names', () => {
    const allowed = hostAllowed({ publicUrl: 'https://Banque.example/', publicUrlConfigured: true });
    for (const host of [
      'banque.example',
      'BANQUE.EXAMPLE.',
      'banque.example:443',
      'localhost',
      '127.0.0.1:3000',
    ])
      expect(allowed(host), host).toBe(true);
    for (const host of ['evil.example', 'banque.example.evil.example', '10.0.0.1'])
      expect(allowed(host), host).toBe(false);
  });
});

describe('DNS rebinding: a request for another host is refused before any route', () => {
  it('refuses another Host, whatever its spelling, with 421 problem JSON', async () => {
    for (const host of ['evil.example', 'EVIL.example.', 'evil.example:80', '[2001:db8::1]:3000']) {
      const res = await sandbox.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host } });
      expect(res.statusCode, host).toBe(421);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 421, code: 'misdirected_request' });
      expect(res.json<{ detail: string }>().detail).toMatch(/site de la banque/);
    }
    for (const url of ['/api/health', '/api/openapi.json', '/nowhere']) {
      const res = await sandbox.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
      expect(res.statusCode, url).toBe(421);
    }
  });

  it('serves loopback names, whatever their spelling', async () => {
    for (const host of ['localhost:3000', 'LOCALHOST.', '127.0.0.1', '[::1]:3000', 'comptoir.localhost']) {
      const res = await sandbox.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('checks the absolute-form target and the Host on the wire (raw socket)', async () => {
    const own = `127.0.0.1:${port}`;
    const get = (target: string, host: string) => raw(port, [`GET ${target} HTTP/1.1`, `host: ${host}`]);
    expect((await get('/dev/mailbox.json', own)).status).toBe(200);
    expect((await get(`http://${own}/dev/mailbox.json`, own)).status).toBe(200);
    for (const [target, host] of [
      ['http://evil.example/dev/mailbox', own],
      ['HTTP://Evil.Example./dev/mailbox.json', own],
      [`http://user@${own}/dev/mailbox.json`, own],
      ['/dev/mailbox.json', 'evil.example'],
      ['/dev/mailbox.json', `evil.example:${port}`],
      ['/dev/mailbox.json', 'Evil.Example.'],
      ['/dev/mailbox.json', '[2001:db8::1]'],
      [`http://${own}/dev/mailbox.json`, 'evil.example'],
    ] as const) {
      const res = await get(target, host);
      expect(res.status, `${target} / ${host}`).toBe(421);
      expect(res.body, target).toContain('misdirected_request');
    }
  });

  it('with PUBLIC_URL, believes X-Forwarded-Host only from a trusted proxy', async () => {
    const config = { publicUrl: 'https://banque.example', publicUrlConfigured: true, rateLimits: false };
    const direct = await makeTestContext(config, { db: sandbox.ctx.db });
    const proxied = await makeTestContext({ ...config, trustProxy: ['127.0.0.1'] }, { db: sandbox.ctx.db });
    try {
      const status = async (t: TestContext, headers: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers }))
          .statusCode;
      expect(await status(direct, { host: 'banque.example' })).toBe(200);
      expect(await status(direct, { host: 'localhost:3000' })).toBe(200);
      expect(await status(direct, { host: 'evil.example' })).toBe(421);
      expect(await status(direct, { host: 'banque.example', 'x-forwarded-host': 'evil.example' })).toBe(200);
      expect(await status(direct, { host: 'internal:3000', 'x-forwarded-host': 'banque.example' })).toBe(421);
      expect(await status(proxied, { host: 'internal:3000', 'x-forwarded-host': 'banque.example' })).toBe(
        200,
      );
      expect(await status(proxied, { host: 'banque.example', 'x-forwarded-host': 'evil.example' })).toBe(421);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
