import { request } from 'node:https';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from './testing/test-context.ts';
import { startNginxFront, type NginxFront } from './testing/nginx-front.ts';
import { sandboxCertificateAuthority } from './modules/psd2/index.ts';
import {
  createCertificateAuthority,
  issueTppCertificate,
  makeTpp,
} from './modules/psd2/__tests__/testing.ts';

// The PSD2 interface behind deploy/nginx: a real nginx asks for the client certificate on its PSD2
// port and forwards it; the instance believes the header because nginx is its configured proxy.

let t: TestContext;
let front: NginxFront;
beforeAll(async () => {
  // The sandbox's authority is one row sealed under this context's master key: a database of its own.
  t = await makeTestContext({ trustProxy: ['127.0.0.1'], psd2: { port: null } }, { ownDatabase: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  front = await startNginxFront([`127.0.0.1:${(t.app.server.address() as AddressInfo).port}`]);
});
afterAll(async () => {
  await front?.stop();
  await t.close();
});

const UNKNOWN = '/psd2/v1/consents/00000000-0000-4000-8000-000000000000/status';

function call(
  port: number,
  path: string,
  client: { certificate: string; privateKey: string } | null,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; code: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: 'localhost',
        ca: front.certificate,
        headers: { 'x-request-id': randomUUID(), ...headers },
        ...(client ? { cert: client.certificate, key: client.privateKey } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { tppMessages?: { code: string }[] }).tppMessages?.[0]?.code;
          } catch {
            code = undefined;
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the PSD2 interface behind nginx', () => {
  it('accepts a TPP certificate with the role, and refuses the others with the standard’s codes', async () => {
    const now = t.clock.now();
    expect(await call(front.psd2Port, UNKNOWN, await makeTpp(t.ctx, ['PSP_AI', 'PSP_PI']))).toEqual({
      status: 403,
      code: 'CONSENT_UNKNOWN',
    });
    expect(await call(front.psd2Port, UNKNOWN, null)).toEqual({ status: 401, code: 'CERTIFICATE_MISSING' });
    expect(await call(front.psd2Port, UNKNOWN, await makeTpp(t.ctx, ['PSP_PI']))).toEqual({
      status: 401,
      code: 'ROLE_INVALID',
    });
    const expired = await issueTppCertificate(
      await sandboxCertificateAuthority(t.ctx),
      {
        organisationId: 'PSDFR-ACPR-33333',
        name: 'Périmé',
        roles: ['PSP_AI'],
        notBefore: new Date(now.getTime() - 400 * 86_400_000),
        notAfter: new Date(now.getTime() - 86_400_000),
      },
      now,
    );
    expect(await call(front.psd2Port, UNKNOWN, expired)).toEqual({
      status: 401,
      code: 'CERTIFICATE_EXPIRED',
    });
    const stranger = await createCertificateAuthority('Comptoir sandbox PSD2 test CA', now);
    const foreign = await issueTppCertificate(
      stranger,
      { organisationId: 'PSDFR-ACPR-22222', name: 'Inconnu', roles: ['PSP_AI'] },
      now,
    );
    expect(await call(front.psd2Port, UNKNOWN, foreign)).toEqual({
      status: 401,
      code: 'CERTIFICATE_INVALID',
    });
  });

  it('serves nothing else on the PSD2 port, and drops a forged certificate header on the public port', async () => {
    const tpp = await makeTpp(t.ctx);
    expect((await call(front.psd2Port, '/api/health', tpp)).status).toBe(404);
    const forged = await call(front.port, UNKNOWN, null, {
      'x-ssl-client-cert': encodeURIComponent(tpp.certificate),
    });
    expect(forged).toEqual({ status: 401, code: 'CERTIFICATE_MISSING' });
  });
});
