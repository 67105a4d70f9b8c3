import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@comptoir/contracts';
import { renderNginxConf } from './render.mjs';

const NGINX = '/usr/sbin/nginx';
const scratch = mkdtempSync(join(tmpdir(), 'comptoir-nginx-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The `location` block for `path` (its directives, up to its closing brace). */
function location(conf: string, path: string): string {
  const start = conf.indexOf(`location ${path} {`);
  return start < 0 ? '' : conf.slice(start, conf.indexOf('}', start));
}

describe('the nginx configuration in deploy/', () => {
  const conf = renderNginxConf();

  it('is the template rendered with the compose values (comptoir.conf is never edited by hand)', () => {
    expect(readFileSync(join(import.meta.dirname, 'comptoir.conf'), 'utf8')).toBe(conf);
    expect(conf).not.toMatch(/\$\{[A-Z0-9_]+\}/);
  });

  it('sends every instance the same requests, and never resends a POST that reached one', () => {
    expect(conf).toContain('server comptoir-1:3000');
    expect(conf).toContain('server comptoir-2:3000');
    expect(conf).toMatch(/proxy_next_upstream error timeout;/);
    const directives = conf.replace(/#.*$/gm, '');
    expect(directives).not.toContain('non_idempotent');
  });

  it('streams live events unbuffered, and lets an identity document through', () => {
    expect(location(conf, '= /api/events')).toMatch(/proxy_buffering off;/);
    expect(location(conf, '= /api/events')).toMatch(/proxy_read_timeout 1h;/);
    const [, size = '0'] = /client_max_body_size (\d+)m;/.exec(conf) ?? [];
    expect(Number(size) * 1024 * 1024).toBeGreaterThan(MAX_DOCUMENT_BYTES);
  });

  it('adds no header in a location (one would drop every security header of its server)', () => {
    const locations = conf.split(/\n\s*location /).slice(1);
    expect(locations.length).toBeGreaterThan(0);
    for (const block of locations) expect(block.slice(0, block.indexOf('}'))).not.toContain('add_header');
    // One per server: the redirect, the site, the PSD2 interface.
    expect(conf.match(/server_tokens off;/g)).toHaveLength(3);
  });

  it('forwards a PSD2 client certificate only from its own port, and drops the header everywhere else', () => {
    const [site = '', psd2 = ''] = conf.split(/\n# The PSD2 interface for third parties/);
    expect(site).toContain('proxy_set_header X-SSL-Client-Cert "";');
    expect(site).not.toContain('$ssl_client_escaped_cert');
    expect(psd2).toContain('ssl_verify_client optional_no_ca;');
    expect(psd2).toContain('proxy_set_header X-SSL-Client-Cert $ssl_client_escaped_cert;');
    expect(location(psd2, '/')).toContain('return 404;');
  });

  it('tells the server who the client is the way TRUST_PROXY=1 reads it: one hop, set by nginx', () => {
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Host $host;');
  });

  it.skipIf(!existsSync(NGINX))(
    'passes nginx -t, rendered for this host with a self-signed certificate',
    () => {
      const cert = join(scratch, 'cert.pem');
      const key = join(scratch, 'key.pem');
      const openssl = spawnSync('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
        ...['-keyout', key, '-out', cert],
      ]);
      expect(openssl.status).toBe(0);
      const file = join(scratch, 'nginx.conf');
      writeFileSync(
        file,
        renderNginxConf({
          upstreams: ['127.0.0.1:39101', '127.0.0.1:39102'],
          httpListen: '127.0.0.1:39180',
          httpsListen: '127.0.0.1:39443',
          psd2Listen: '127.0.0.1:39444',
          certificate: cert,
          certificateKey: key,
          standalone: { prefix: scratch },
        }),
      );
      const check = spawnSync(NGINX, ['-t', '-p', scratch, '-e', join(scratch, 'error.log'), '-c', file], {
        encoding: 'utf8',
      });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    },
  );
});
