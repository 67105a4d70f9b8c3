/** Values of comptoir.conf.template (render.mjs); any left out takes the compose value. */
export interface NginxValues {
  /** `host:port` of each Comptoir instance. */
  upstreams?: string[];
  serverName?: string;
  /** nginx `listen` arguments: `80`, `127.0.0.1:8080`. */
  httpListen?: string;
  httpsListen?: string;
  /** The PSD2 interface's own TLS port, asking for the client's certificate (docs/psd2.md). */
  psd2Listen?: string;
  certificate?: string;
  certificateKey?: string;
  /**
   * Where plain HTTP is redirected (`https://host[:port]`, never the client's Host header); by
   * default `https://` and the first of `serverName`.
   */
  publicOrigin?: string;
  /** A whole nginx.conf, runnable by any user, with pid, logs and temporary files under `prefix`. */
  standalone?: { prefix: string };
}
export const COMPOSE_VALUES: Required<Omit<NginxValues, 'standalone' | 'publicOrigin'>>;
export function renderNginxConf(values?: NginxValues): string;
