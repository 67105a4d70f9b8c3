// Renders comptoir.conf.template: for compose (comptoir.conf, kept in step by a test), for a host
// (`node deploy/nginx/render.mjs --upstream 10.0.0.11:3000 --upstream 10.0.0.12:3000 …`), and for
// tests, which run nginx unprivileged on high ports with `standalone` (a whole nginx.conf).
//
//   renderNginxConf({ upstreams: ['127.0.0.1:3101', '127.0.0.1:3102'], httpsListen: '127.0.0.1:8443',
//                     certificate: '/tmp/x/cert.pem', certificateKey: '/tmp/x/key.pem' })
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const TEMPLATE = new URL('./comptoir.conf.template', import.meta.url);

/** The values deploy/compose.yaml uses; deploy/nginx/comptoir.conf is the template rendered with them. */
export const COMPOSE_VALUES = {
  upstreams: ['comptoir-1:3000', 'comptoir-2:3000'],
  serverName: 'localhost',
  httpListen: '80',
  httpsListen: '443',
  psd2Listen: '8443',
  certificate: '/etc/nginx/tls/fullchain.pem',
  certificateKey: '/etc/nginx/tls/privkey.pem',
};

/**
 * The http-level configuration (conf.d/). `standalone: { prefix }` wraps it into a whole nginx.conf
 * that runs as any user: pid, logs and temporary files under `prefix`, in the foreground.
 */
export function renderNginxConf(values) {
  const v = { ...COMPOSE_VALUES, ...values };
  const publicOrigin = originOf(v.publicOrigin ?? `https://${v.serverName.split(/\s+/)[0]}`);
  const servers = v.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`);
  const substitutions = {
    UPSTREAM_SERVERS: servers.join('\n'),
    SERVER_NAME: v.serverName,
    HTTP_LISTEN: v.httpListen,
    HTTPS_LISTEN: v.httpsListen,
    PSD2_LISTEN: v.psd2Listen,
    SSL_CERTIFICATE: v.certificate,
    SSL_CERTIFICATE_KEY: v.certificateKey,
    PUBLIC_ORIGIN: publicOrigin,
  };
  const conf = readFileSync(TEMPLATE, 'utf8').replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => {
    if (!(name in substitutions)) throw new Error(`comptoir.conf.template: no value for ${whole}`);
    return substitutions[name];
  });
  if (!v.standalone) return conf;
  const p = v.standalone.prefix;
  const indented = conf.replace(/^(?=.)/gm, '    ');
  return `# A whole nginx.conf around comptoir.conf, runnable by any user (nginx -p ${p} -c <this file>).
daemon off;
worker_processes 1;
pid ${p}/nginx.pid;
error_log ${p}/error.log warn;
events {
    worker_connections 1024;
}
http {
    access_log ${p}/access.log;
    client_body_temp_path ${p}/client_body;
    proxy_temp_path ${p}/proxy;
    fastcgi_temp_path ${p}/fastcgi;
    uwsgi_temp_path ${p}/uwsgi;
    scgi_temp_path ${p}/scgi;
    types {
        text/html html;
    }
    default_type application/octet-stream;
${indented}}
`;
}

/** The https origin HTTP is redirected to (`https://host[:port]`), refused when it is anything else. */
function originOf(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`the public origin ${raw} is not a URL (give --public-origin https://host)`);
  }
  if (url.protocol !== 'https:' || url.origin === 'null' || raw.replace(/\/$/, '') !== url.origin)
    throw new Error(`the public origin ${raw} is not an https origin (give --public-origin https://host)`);
  return url.origin;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      upstream: { type: 'string', multiple: true },
      'server-name': { type: 'string' },
      'http-listen': { type: 'string' },
      'https-listen': { type: 'string' },
      'psd2-listen': { type: 'string' },
      certificate: { type: 'string' },
      'certificate-key': { type: 'string' },
      'public-origin': { type: 'string' },
      standalone: { type: 'string' },
    },
  });
  const given = {
    upstreams: values.upstream,
    serverName: values['server-name'],
    httpListen: values['http-listen'],
    httpsListen: values['https-listen'],
    psd2Listen: values['psd2-listen'],
    certificate: values.certificate,
    certificateKey: values['certificate-key'],
    publicOrigin: values['public-origin'],
    standalone: values.standalone ? { prefix: values.standalone } : undefined,
  };
  const chosen = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  process.stdout.write(renderNginxConf(chosen));
}
