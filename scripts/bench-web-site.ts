// The site as `npm run bench:web` measures it: the real server behind deploy/nginx's front (TLS,
// HTTP/2), the way a customer's phone reaches the bank in production
// (docs/operations.md#tls-and-reverse-proxy). The server's own address stays reachable, for reading
// bodies and for a reference run.
// Beside it, behind a front of its own with the same configuration, the reference page: the least a
// page can be (a heading and a paragraph, no style, no script), whose Lighthouse figures are this
// machine's floor for any page reached that way.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../apps/server/src/testing/server-process.ts';
import {
  chromiumTrusting,
  startNginxFront,
  type NginxFront,
} from '../apps/server/src/testing/nginx-front.ts';
import { startTestServer, type TestServer } from '../apps/server/src/testing/start-server.ts';

export interface BenchSite {
  server: TestServer;
  /** `https://localhost:<port>`: through nginx, as deployed. */
  site: string;
  /** `http://127.0.0.1:<port>`: the server itself, HTTP/1.1. */
  direct: string;
  /** `https://localhost:<port>/`: the reference page, through a front of its own. */
  reference: string;
  /** Chromium's flags for this site: the run's certificates trusted, QUIC off. */
  chromiumArgs: string[];
  stop(): Promise<void>;
}

/** The reference page: French text of a hero's length, nothing else. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page de référence</title><meta name="description" content="La plus petite page : un titre et un paragraphe."></head>
<body><h1>Page de référence</h1><p>Un titre et un paragraphe, sans feuille de style ni script : ce que coûte une page, quelle qu’elle soit, servie par le même frontal sur cette machine.</p></body>
</html>
`;

export async function startBenchSite(): Promise<BenchSite> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
  };
  try {
    const port = await freePort();
    const frontPort = await freePort();
    const site = `https://localhost:${frontPort}`;
    // nginx is the one proxy the server believes (TRUST_PROXY=1, as deployed).
    const server = await startTestServer({ port, publicUrl: site, publicUrlConfigured: true, trustProxy: 1 });
    stops.push(() => server.stop());
    const front = await startNginxFront([`127.0.0.1:${port}`], frontPort);
    stops.push(() => front.stop());
    const reference = await startReferenceFront();
    stops.push(() => reference.stop());
    return {
      server,
      site,
      direct: `http://127.0.0.1:${port}`,
      reference: `https://localhost:${reference.port}/`,
      chromiumArgs: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        chromiumTrusting([front, reference]),
      ],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** REFERENCE_PAGE on every path, behind deploy/nginx's front. */
async function startReferenceFront(): Promise<NginxFront> {
  const page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(REFERENCE_PAGE);
  });
  await new Promise<void>((listening) => page.listen(0, '127.0.0.1', listening));
  const closePage = () => new Promise<void>((closed) => page.close(() => closed()));
  try {
    const front = await startNginxFront([`127.0.0.1:${(page.address() as AddressInfo).port}`]);
    return {
      ...front,
      stop: async () => {
        await front.stop();
        await closePage();
      },
    };
  } catch (error) {
    await closePage();
    throw error;
  }
}

/** The same resource read straight from the server (Node's fetch does not trust the run's certificate). */
export const directUrl = (url: string, direct: string): string => {
  const { pathname, search } = new URL(url);
  return `${direct}${pathname}${search}`;
};
