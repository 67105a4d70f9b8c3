import { buildPsd2App } from './app.ts';
import type { AppContext } from './context.ts';
import { listenerCertificate, PSD2_BASE, trustedAuthorities } from './modules/psd2/index.ts';

export interface Psd2Listener {
  /** `https://<host>:<port>/psd2/v1` */
  url: string;
  close(): Promise<void>;
}

/**
 * The PSD2 interface's own listener (PSD2_PORT): TLS asking every client for its certificate. The
 * handshake proves the TPP holds the certificate's key; whether its authority is trusted, its dates
 * and its roles are checked per call by the interface (modules/psd2/tpp-caller.ts), so that a
 * refusal is the standard's error rather than a broken handshake. Null when there is no port or no
 * certificate to serve with (production without PSD2_TLS_CERT_FILE: the interface is then only
 * behind the front).
 */
export async function startPsd2Listener(ctx: AppContext, host: string): Promise<Psd2Listener | null> {
  if (ctx.config.psd2.port === null) return null;
  const certificate = await listenerCertificate(ctx);
  if (!certificate) return null;
  const app = await buildPsd2App(ctx, {
    cert: certificate.certificate,
    key: certificate.privateKey,
    ca: await trustedAuthorities(ctx),
  });
  await app.listen({ port: ctx.config.psd2.port, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.psd2.port;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return { url: `https://${shown}:${port}${PSD2_BASE}`, close: () => app.close() };
}
