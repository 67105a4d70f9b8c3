// The face of modules/psd2 for tests: a TPP with a certificate, calling the interface.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PspRole } from '@comptoir/contracts';
import type { AppContext } from '../../../context.ts';
import { issueSandboxTppCertificate } from '../sandbox-authority.ts';
import { CLIENT_CERTIFICATE_HEADER } from '../tpp-caller.ts';

export interface TestTpp {
  certificate: string;
  privateKey: string;
  authority: string;
}

/** A TPP certificate from the sandbox's authority. */
export const makeTpp = (
  ctx: AppContext,
  roles: PspRole[] = ['PSP_AI'],
  organisationId = `PSDFR-ACPR-${randomUUID().slice(0, 8)}`,
  name = 'Budget Malin',
): Promise<TestTpp> => issueSandboxTppCertificate(ctx, { organisationId, name, roles });

/**
 * A call to the interface as the front forwards it: the certificate nginx verified in its header,
 * from 127.0.0.1 (the configured proxy in these tests) unless `remoteAddress` says otherwise.
 */
export function tppCall(
  app: FastifyInstance,
  tpp: Pick<TestTpp, 'certificate'> | null,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url: `/psd2/v1${path}`,
    headers: {
      'x-request-id': randomUUID(),
      ...(tpp ? { [CLIENT_CERTIFICATE_HEADER]: encodeURIComponent(tpp.certificate) } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export { createCertificateAuthority, issueTppCertificate } from '../certificates.ts';
