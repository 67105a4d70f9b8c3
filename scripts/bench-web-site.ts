// The site as `npm run bench:web` measures it: the real server behind deploy/nginx's front (TLS,
// HTTP/2), the way a customer's phone reaches the bank in production (README « TLS and reverse
// proxy »). The server's own address stays reachable, for reading bodies and for a reference run.
import { freePort } from '../apps/server/src/testing/server-process.ts';
import { startNginxFront } from '../apps/server/src/testing/nginx-front.ts';
import { startTestServer, type TestServer } from '../apps/server/src/testing/start-server.ts';

export interface BenchSite {
  server: TestServer;
  /** `https://localhost:<port>`: through nginx, as deployed. */
  site: string;
  /** `http://127.0.0.1:<port>`: the server itself, HTTP/1.1. */
  direct: string;
  /** Chromium's flags for this site: the run's certificate trusted, QUIC off. */
  chromiumArgs: string[];
  stop(): Promise<void>;
}

export async function startBenchSite(): Promise<BenchSite> {
  const port = await freePort();
  const frontPort = await freePort();
  const site = `https://localhost:${frontPort}`;
  // nginx is the one proxy the server believes (TRUST_PROXY=1, as deployed).
  const server = await startTestServer({ port, publicUrl: site, publicUrlConfigured: true, trustProxy: 1 });
  try {
    const front = await startNginxFront([`127.0.0.1:${port}`], frontPort);
    return {
      server,
      site,
      direct: `http://127.0.0.1:${port}`,
      chromiumArgs: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        front.chromiumTrustFlag,
      ],
      stop: async () => {
        await front.stop();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The same resource read straight from the server (Node's fetch does not trust the run's certificate). */
export const directUrl = (url: string, direct: string): string => {
  const { pathname, search } = new URL(url);
  return `${direct}${pathname}${search}`;
};
