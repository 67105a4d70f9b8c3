import type { TLSSocket } from 'node:tls';
import type { PspRole } from '@comptoir/contracts';
import type { TppCaller } from './tpp.ts';
import type { AppContext } from '../../context.ts';
import { identifyTpp } from './certificates.ts';
import { touchTpp } from './queries.ts';
import { trustedAuthorities } from './sandbox-authority.ts';
import { TppError } from './tpp-error.ts';

/** Where the interface reads the client certificate: the TLS handshake, or the front's header. */
export type CertificateSource =
  | { kind: 'tls'; socket: TLSSocket }
  | { kind: 'proxy'; header: string | undefined; fromTrustedProxy: boolean };

/**
 * The header in which deploy/nginx forwards the client certificate it verified
 * (`$ssl_client_escaped_cert`: the PEM, URL-encoded). Believed only from a configured proxy.
 */
export const CLIENT_CERTIFICATE_HEADER = 'x-ssl-client-cert';

function presentedCertificate(source: CertificateSource): string | Buffer | null {
  if (source.kind === 'tls') {
    const peer = source.socket.getPeerCertificate();
    return peer && 'raw' in peer && peer.raw ? peer.raw : null;
  }
  if (!source.fromTrustedProxy || !source.header) return null;
  try {
    return decodeURIComponent(source.header);
  } catch {
    return null;
  }
}

/**
 * Who calls: the certificate is read, checked against the trusted authorities at the
 * application's time, and the TPP recorded (first and last call). A blocked TPP is refused
 * (PSD2 art. 68(5)); so is a certificate without the role the service needs.
 */
export async function identifyCaller(
  ctx: AppContext,
  source: CertificateSource,
  role: PspRole,
): Promise<TppCaller> {
  const presented = presentedCertificate(source);
  if (!presented) throw new TppError('CERTIFICATE_MISSING');
  const now = ctx.clock.now();
  const result = await identifyTpp(presented, await trustedAuthorities(ctx), now);
  if ('refusal' in result) throw new TppError(result.refusal);
  const tpp = await touchTpp(ctx.db, result.identity, now);
  if (tpp.blocked_at) throw new TppError('CERTIFICATE_BLOCKED');
  if (!tpp.roles.includes(role)) throw new TppError('ROLE_INVALID');
  return { id: tpp.id, name: tpp.name, organisationId: tpp.organisation_id, roles: tpp.roles };
}
