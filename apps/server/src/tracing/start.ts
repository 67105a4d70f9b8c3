import type { Config } from '../config.ts';
import type { TracingHandle } from './port.ts';

/**
 * Starts exporting traces when `config.tracing` is set (OTEL_EXPORTER_OTLP_ENDPOINT): the
 * OpenTelemetry SDK and its instrumentations are imported only then, so an instance without it
 * never loads them (docs/performance.md: memory). Must run before the server's modules (Fastify,
 * pg) are imported, for the instrumentations to see them: main.ts imports server.ts afterwards.
 */
export async function startTracing(config: Pick<Config, 'tracing'>): Promise<TracingHandle | null> {
  if (!config.tracing) return null;
  const { startOpenTelemetry } = await import('./open-telemetry.ts');
  return startOpenTelemetry(config.tracing);
}
