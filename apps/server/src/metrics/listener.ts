import { createServer, type Server } from 'node:http';
import type { AppContext } from '../context.ts';
import { appLog } from '../log.ts';
import { recordBuildInfo } from './build-info.ts';
import { collectProcessMetrics, METRICS_CONTENT_TYPE, scrape, type GaugeReaders } from './scrape.ts';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus text on its own port (METRICS_PORT, on METRICS_HOST: 127.0.0.1 by
 * default), never on the public one: what the instance does is for the operator's scraper only.
 * Everything else there is a 404.
 */
export async function startMetricsListener(
  ctx: AppContext,
  where: { port: number; host: string },
  readers: GaugeReaders,
): Promise<MetricsListener> {
  collectProcessMetrics();
  recordBuildInfo(ctx.config.buildCommit);
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    scrape(ctx, readers).then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (error: unknown) => {
        appLog().error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : where.port;
  const host = where.host.includes(':') ? `[${where.host}]` : where.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
