import { request } from 'node:https';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from './testing/test-context.ts';
import { startPsd2Listener, type Psd2Listener } from './server.ts';
import { sandboxCertificateAuthority } from './modules/psd2/index.ts';
import {
  createCertificateAuthority,
  issueTppCertificate,
  makeTpp,
} from './modules/psd2/__tests__/testing.ts';

let t: TestContext;
let listener: Psd2Listener;
let authority: string;
beforeAll(async () => {
  // The sandbox's authority is one row sealed under this context's master key: a database of its own.
  t = await makeTestContext({ psd2: { port: 0 } }, { ownDatabase: true });
  const started = await startPsd2Listener(t.ctx, '127.0.0.1');
  if (!started) throw new Error('no PSD2 listener');
  listener = started;
  authority = (await sandboxCertificateAuthority(t.ctx)).certificate;
});
afterAll(async () => {
  await listener.close();
  await t.close();
});

/** A call over real TLS, presenting `client` (or no certificate), trusting only the sandbox authority. */
function call(path: string, client: { certificate: string; privateKey: string } | null) {
  return new Promise<{ status: number; body: { tppMessages?: { code: string }[] } }>((resolve, reject) => {
    const req = request(
      `${listener.url}${path}`,
      {
        ca: authority,
        ...(client ? { cert: client.certificate, key: client.privateKey } : {}),
        headers: { 'x-request-id': randomUUID() },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as never }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const UNKNOWN = '/consents/00000000-0000-4000-8000-000000000000/status';

describe('the PSD2 listener: mutual TLS', () => {
  it('serves https with the sandbox authority’s certificate, and reads the TPP from the handshake', async () => {
    expect(listener.url).toMatch(/^https:\/\/localhost:\d+\/psd2\/v1$/);
    for (const roles of [['PSP_AI'], ['PSP_AI', 'PSP_PI'], ['PSP_AI', 'PSP_PI', 'PSP_IC']] as const) {
      const r = await call(UNKNOWN, await makeTpp(t.ctx, [...roles]));
      expect([r.status, r.body.tppMessages?.[0]?.code], roles.join()).toEqual([403, 'CONSENT_UNKNOWN']);
    }
  });

  it('refuses no certificate, a certificate without the role, an expired one and one from an unknown authority', async () => {
    const now = t.clock.now();
    const none = await call(UNKNOWN, null);
    expect([none.status, none.body.tppMessages?.[0]?.code]).toEqual([401, 'CERTIFICATE_MISSING']);
    for (const roles of [['PSP_PI'], ['PSP_IC'], ['PSP_PI', 'PSP_IC']] as const) {
      const r = await call(UNKNOWN, await makeTpp(t.ctx, [...roles]));
      expect([r.status, r.body.tppMessages?.[0]?.code], roles.join()).toEqual([401, 'ROLE_INVALID']);
    }
    const sandbox = await sandboxCertificateAuthority(t.ctx);
    const expired = await issueTppCertificate(
      sandbox,
      {
        organisationId: 'PSDFR-ACPR-55555',
        name: 'Périmé',
        roles: ['PSP_AI'],
        notBefore: new Date(now.getTime() - 400 * 86_400_000),
        notAfter: new Date(now.getTime() - 86_400_000),
      },
      now,
    );
    const late = await call(UNKNOWN, expired);
    expect([late.status, late.body.tppMessages?.[0]?.code]).toEqual([401, 'CERTIFICATE_EXPIRED']);
    const stranger = await createCertificateAuthority('Comptoir sandbox PSD2 test CA', now);
    const foreign = await issueTppCertificate(
      stranger,
      { organisationId: 'PSDFR-ACPR-44444', name: 'Inconnu', roles: ['PSP_AI'] },
      now,
    );
    const r = await call(UNKNOWN, foreign);
    expect([r.status, r.body.tppMessages?.[0]?.code]).toEqual([401, 'CERTIFICATE_INVALID']);
  });

  it('ignores a forwarded certificate header: only the handshake counts here', async () => {
    const tpp = await makeTpp(t.ctx);
    const r = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${listener.url}${UNKNOWN}`,
        {
          ca: authority,
          headers: { 'x-request-id': randomUUID(), 'x-ssl-client-cert': encodeURIComponent(tpp.certificate) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(r).toBe(401);
  });
});
