import { readFileSync } from 'node:fs';
import type { AppContext } from '../../context.ts';
import { Sealer } from '../../crypto/seal.ts';
import {
  createCertificateAuthority,
  issueServerCertificate,
  issueTppCertificate,
  splitPemBundle,
  type PemPair,
  type TppCertificateRequest,
} from './certificates.ts';
import { insertSandboxAuthority, sandboxAuthority } from './queries.ts';

const PURPOSE = 'psd2-sandbox-authority';
export const SANDBOX_AUTHORITY_NAME = 'Comptoir sandbox PSD2 test CA';

const cache = new WeakMap<AppContext, Promise<PemPair>>();

/**
 * The sandbox's test certificate authority: made at the first start (its key sealed in the
 * database, so that every instance shares it), read afterwards.
 */
export function sandboxCertificateAuthority(ctx: AppContext): Promise<PemPair> {
  let pending = cache.get(ctx);
  if (!pending) {
    pending = loadOrCreate(ctx);
    pending.catch(() => cache.delete(ctx));
    cache.set(ctx, pending);
  }
  return pending;
}

async function loadOrCreate(ctx: AppContext): Promise<PemPair> {
  const sealer = new Sealer(ctx.masterKey, PURPOSE);
  const existing = await sandboxAuthority(ctx.db);
  if (existing) {
    return {
      certificate: existing.certificate,
      privateKey: sealer.open(existing.private_key_sealed, PURPOSE),
    };
  }
  const made = await createCertificateAuthority(SANDBOX_AUTHORITY_NAME, ctx.clock.now());
  await insertSandboxAuthority(
    ctx.db,
    made.certificate,
    sealer.seal(made.privateKey, PURPOSE),
    ctx.clock.now(),
  );
  const kept = await sandboxAuthority(ctx.db);
  if (!kept) throw new Error('the sandbox authority was not kept');
  return { certificate: kept.certificate, privateKey: sealer.open(kept.private_key_sealed, PURPOSE) };
}

/**
 * The authorities whose TPP certificates the interface accepts: the operator's (PSD2_CA_FILE, a PEM
 * bundle — in production the qualified trust service providers issuing PSD2 certificates) and, in
 * the sandbox, its test authority.
 */
export async function trustedAuthorities(ctx: AppContext): Promise<string[]> {
  const configured = ctx.config.psd2.caFile
    ? splitPemBundle(readFileSync(ctx.config.psd2.caFile, 'utf8'))
    : [];
  return ctx.config.sandbox
    ? [...configured, (await sandboxCertificateAuthority(ctx)).certificate]
    : configured;
}

/** Sandbox: a TPP certificate (and its key) from the test authority. */
export async function issueSandboxTppCertificate(
  ctx: AppContext,
  request: TppCertificateRequest,
): Promise<PemPair & { authority: string }> {
  const authority = await sandboxCertificateAuthority(ctx);
  const issued = await issueTppCertificate(authority, request, ctx.clock.now());
  return { ...issued, authority: authority.certificate };
}

/**
 * The listener's TLS certificate: the configured one (PSD2_TLS_CERT_FILE, PSD2_TLS_KEY_FILE), else
 * in the sandbox one for localhost from the test authority. Null: no direct listener.
 */
export async function listenerCertificate(ctx: AppContext): Promise<PemPair | null> {
  const { tlsCertFile, tlsKeyFile } = ctx.config.psd2;
  if (tlsCertFile && tlsKeyFile) {
    return { certificate: readFileSync(tlsCertFile, 'utf8'), privateKey: readFileSync(tlsKeyFile, 'utf8') };
  }
  if (!ctx.config.sandbox) return null;
  return issueServerCertificate(
    await sandboxCertificateAuthority(ctx),
    ['localhost', '127.0.0.1', '::1'],
    ctx.clock.now(),
  );
}
