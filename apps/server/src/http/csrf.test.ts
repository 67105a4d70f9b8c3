import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { makeTestContext, MUTATION, type TestContext } from '../testing/test-context.ts';
import { makeCustomer, type TestCustomer } from '../testing/customers.ts';
import { CUSTOMER_COOKIE } from './cookies.ts';

let t: TestContext;
let customer: TestCustomer;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  customer = await makeCustomer(t.ctx);
});
afterAll(() => t.close());

const JSON_ONLY = { 'content-type': 'application/json' };
const login = (
  url: string,
  headers: Record<string, string>,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
) =>
  t.app.inject({
    method,
    url,
    headers: { host: 'localhost:3000', ...headers },
    payload: { email: customer.email, password: customer.password },
  });

const opensSession = (res: { cookies: { name: string }[] }) =>
  res.cookies.some((c) => c.name === CUSTOMER_COOKIE);

/** Sends one raw HTTP/1.1 request (absolute-form target) and returns the status code of the answer. */
async function rawStatus(port: number, requestLines: string[], body: string): Promise<number> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  socket.write(
    [...requestLines, `content-length: ${Buffer.byteLength(body)}`, 'connection: close', '', body].join(
      '\r\n',
    ),
  );
  await ended;
  const statusLine = Buffer.concat(chunks).toString('latin1').split('\r\n')[0] ?? '';
  return Number(statusLine.split(' ')[1]);
}

describe('anti-CSRF check on every mutation', () => {
  it('lets the web app through: the header, with or without its own Origin', async () => {
    expect((await login('/api/auth/login', MUTATION)).statusCode).toBe(200);
    const sameOrigin = await login('/api/auth/login', {
      ...MUTATION,
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it.each([
    '/api/auth/login',
    '/%61pi/auth/login',
    '/%61%70%69/auth/login',
    '/api/%61uth/login',
    '/API/auth/login',
    '//api/auth/login',
    '/api//auth/login',
    '/api/auth/login?',
    '/api/auth/login/',
    '/api/auth/login#x',
  ])('refuses %s without the header, before anything happens', async (url) => {
    const res = await login(url, JSON_ONLY);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 403, code: 'csrf_header_missing' });
    expect(opensSession(res)).toBe(false);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('treats %s as a mutation on every path', async (method) => {
    for (const url of ['/api/auth/login', '/api/me', '/%61pi/me', '/anything', '/dev/mailbox']) {
      const res = await login(url, JSON_ONLY, method);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'csrf_header_missing' });
    }
  });

  it('treats methods Fastify knows but no route uses as mutations too', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'COPY', 'LOCK', 'SEARCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/auth/login', headers: JSON_ONLY, payload: '{}' });
      expect(res.statusCode, method).toBe(403);
    }
  });

  it('refuses a mutation from another site even with the header', async () => {
    for (const url of ['/api/auth/login', '/%61pi/auth/login']) {
      const res = await login(url, { ...MUTATION, origin: 'https://evil.example' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', detail: expect.stringMatching(/autre site/) });
      expect(opensSession(res)).toBe(false);
    }
    for (const origin of ['null', 'http://localhost:3001', 'https://localhost:3000', 'http://localhost']) {
      expect((await login('/api/auth/login', { ...MUTATION, origin })).statusCode, origin).toBe(403);
    }
  });

  it('without Origin, refuses Sec-Fetch-Site: cross-site and accepts the site’s own', async () => {
    const cross = await login('/api/auth/login', { ...MUTATION, 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ code: 'forbidden' });
    for (const site of ['same-origin', 'same-site', 'none']) {
      const res = await login('/api/auth/login', { ...MUTATION, 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(200);
    }
  });

  it('with PUBLIC_URL configured, accepts only that origin', async () => {
    const configured = await makeTestContext(
      { rateLimits: false, publicUrl: 'https://banque.example', publicUrlConfigured: true },
      { db: t.ctx.db },
    );
    try {
      const send = (origin: string) =>
        configured.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...MUTATION, host: 'banque.example', origin },
          payload: { email: customer.email, password: customer.password },
        });
      expect((await send('https://banque.example')).statusCode).toBe(200);
      expect((await send('http://localhost:3000')).statusCode).toBe(403);
      expect((await send('http://banque.example')).statusCode).toBe(403);
    } finally {
      await configured.close();
    }
  });

  it('refuses an absolute-form request target without the header (raw socket)', async () => {
    const server = await makeTestContext({ rateLimits: false }, { db: t.ctx.db });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const body = JSON.stringify({ email: customer.email, password: customer.password });
      const host = `127.0.0.1:${port}`;
      for (const target of [`http://${host}/api/auth/login`, `http://${host}/%61pi/auth/login`]) {
        const lines = [`POST ${target} HTTP/1.1`, `host: ${host}`, 'content-type: application/json'];
        expect(await rawStatus(port, lines, body), target).toBe(403);
        expect(await rawStatus(port, [...lines, 'x-requested-with: comptoir'], body), target).toBe(200);
        const evil = [...lines, 'x-requested-with: comptoir', 'origin: https://evil.example'];
        expect(await rawStatus(port, evil, body), target).toBe(403);
      }
    } finally {
      await server.close();
    }
  });
});
