// deploy/nginx's configuration run for tests and benches: a real nginx, unprivileged on loopback
// ports, ending TLS (HTTP/2) with a certificate made for the run, in front of the given instances —
// the way customers reach the bank in production (docs/operations.md#tls-and-reverse-proxy).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderNginxConf } from '../../../../deploy/nginx/render.mjs';
import { freePort } from './server-process.ts';

export const NGINX = '/usr/sbin/nginx';

export interface NginxFront {
  /** The HTTPS port nginx listens on, on 127.0.0.1 (its certificate names `localhost`). */
  port: number;
  /** The plain HTTP port on 127.0.0.1, which redirects to `https://localhost:<port>`. */
  httpPort: number;
  /** The PSD2 interface's port on 127.0.0.1 (mutual TLS: it asks for the client's certificate). */
  psd2Port: number;
  /** The SHA-256 of the run's certificate's public key, in base64 (see `chromiumTrusting`). */
  publicKeyHash: string;
  /** The run's certificate (PEM), for a client that trusts it and no other. */
  certificate: string;
  stop(): Promise<void>;
}

/** Chromium's flag that trusts these fronts' certificates and no other. */
export const chromiumTrusting = (fronts: readonly NginxFront[]): string =>
  `--ignore-certificate-errors-spki-list=${fronts.map((f) => f.publicKeyHash).join(',')}`;

/** Resolves once something accepts connections on `port`, or throws after `timeoutMs`. */
async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((done) => {
      const s = connect({ host: '127.0.0.1', port });
      s.once('connect', () => (s.destroy(), done(true)));
      s.once('error', () => done(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Starts nginx with deploy/nginx/comptoir.conf.template in front of `upstreams` (`host:port` each),
 * on `port` (a free one unless given); its files, certificate and key live in a folder of its own,
 * removed by `stop`.
 */
export async function startNginxFront(upstreams: string[], port?: number): Promise<NginxFront> {
  const prefix = mkdtempSync(join(tmpdir(), 'comptoir-nginx-'));
  const certificate = join(prefix, 'cert.pem');
  const certificateKey = join(prefix, 'key.pem');
  const openssl = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ...['-keyout', certificateKey, '-out', certificate],
  ]);
  if (openssl.status !== 0) throw new Error(`openssl: ${String(openssl.stderr)}`);
  const certificatePem = readFileSync(certificate, 'utf8');
  const publicKey = new X509Certificate(certificatePem).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  const httpsPort = port ?? (await freePort());
  const httpPort = await freePort();
  const psd2Port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    renderNginxConf({
      upstreams,
      httpListen: `127.0.0.1:${httpPort}`,
      httpsListen: `127.0.0.1:${httpsPort}`,
      psd2Listen: `127.0.0.1:${psd2Port}`,
      publicOrigin: `https://localhost:${httpsPort}`,
      certificate,
      certificateKey,
      standalone: { prefix },
    }),
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const gone = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGTERM');
      await gone;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await listening(httpsPort);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port: httpsPort,
    httpPort,
    psd2Port,
    publicKeyHash: createHash('sha256').update(publicKey).digest('base64'),
    certificate: certificatePem,
    stop,
  };
}
