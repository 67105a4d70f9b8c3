// deploy/nginx's configuration run by a real nginx in front of a small stand-in for the server:
// what nginx itself answers (its redirect, its error pages) and what it lets through.
import { existsSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginxFront, type NginxFront } from '../../apps/server/src/testing/nginx-front.ts';

/** The headers the server sends (helmet, apps/server/src/app.ts), as this stand-in sends them. */
const SERVER_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
};
const SECURITY_HEADERS = Object.keys(SERVER_HEADERS);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

const collect = (resolve: (a: Answer) => void) => (res: IncomingMessage) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (body += chunk));
  res.on('end', () =>
    resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body }),
  );
};

let upstream: Server;
let front: NginxFront;

beforeAll(async () => {
  if (!existsSync(NGINX)) return;
  upstream = createServer((req, res) => {
    // A connection cut without an answer: nginx answers 502 itself.
    if (req.url?.endsWith('/broken')) return req.socket.destroy();
    res.writeHead(200, { ...SERVER_HEADERS, 'content-type': 'text/plain' }).end('from the server');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  front = await startNginxFront([`127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
});
afterAll(async () => {
  await front?.stop();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

const https = (path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: front.port,
        servername: 'localhost',
        path,
        method: options.method ?? 'GET',
        headers: { host: 'localhost', ...options.headers },
        rejectUnauthorized: false,
      },
      collect(resolve),
    );
    req.on('error', reject);
    req.end();
  });

const http = (path: string, host: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: front.httpPort, path, headers: { host } },
      collect(resolve),
    );
    req.on('error', reject);
    req.end();
  });

/** Each security header once, with a value. */
function expectSecurityHeadersOnce(answer: Answer) {
  for (const name of SECURITY_HEADERS) {
    const copies = answer.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name);
    expect(copies, name).toHaveLength(1);
  }
}

describe.skipIf(!existsSync(NGINX))('nginx in front of the server (deploy/nginx)', () => {
  it('never says its version: neither in the Server header nor on an error page', async () => {
    const broken = await https('/broken');
    expect(broken.status).toBe(502);
    expect(broken.headers.server).toBe('nginx');
    expect(broken.body).not.toMatch(/nginx\/\d/);
    expect((await https('/')).headers.server).toBe('nginx');
  });

  it('puts the security headers on its own error pages, in every location', async () => {
    for (const path of ['/broken', '/api/events/broken', '/api/broken']) {
      const answer = await https(path);
      expect(answer.status, path).toBe(502);
      expectSecurityHeadersOnce(answer);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    }
    const tooLarge = await https('/api/onboarding/documents', {
      method: 'POST',
      headers: { 'content-length': String(20 * 1024 * 1024) },
    });
    expect(tooLarge.status).toBe(413);
    expectSecurityHeadersOnce(tooLarge);
  });

  it('puts them on the 400 it answers a malformed request with', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect(
        { host: '127.0.0.1', port: front.port, servername: 'localhost', rejectUnauthorized: false },
        () => socket.end('GET / HTTP/1.1\r\nHost: localhost\r\nHost: other.example\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    for (const name of SECURITY_HEADERS) expect(raw.toLowerCase()).toContain(`\r\n${name}: `);
    expect(raw).not.toMatch(/nginx\/\d/);
  });

  it('keeps the server’s own security headers on its answers, each once', async () => {
    const answer = await https('/');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('from the server');
    expectSecurityHeadersOnce(answer);
    expect(answer.headers['content-security-policy']).toBe(SERVER_HEADERS['content-security-policy']);
  });

  it('redirects plain HTTP to the configured site, whatever Host the client sends, with the headers', async () => {
    for (const host of ['localhost', 'attacker.example', 'localhost:1234']) {
      const answer = await http('/cartes?x=1', host);
      expect(answer.status, host).toBe(301);
      expect(answer.headers.location).toBe(`https://localhost:${front.port}/cartes?x=1`);
      expect(answer.headers.server).toBe('nginx');
      expectSecurityHeadersOnce(answer);
    }
  });
});
