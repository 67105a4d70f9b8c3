// Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (start.ts).
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
} from '@opentelemetry/semantic-conventions';
import serverPackage from '../../package.json' with { type: 'json' };
import type { Config } from '../config.ts';
import { type TracingHandle, useTracing } from './port.ts';

/**
 * Spans of the HTTP server (a request, named by its route pattern), of PostgreSQL queries (node-postgres;
 * the embedded PGlite has none) and of job runs, sent in batches over OTLP/HTTP to `endpoint`/v1/traces.
 * Outgoing requests (push messages) are not traced: only the ones a request or job makes carry spans.
 */
export function startOpenTelemetry(settings: NonNullable<Config['tracing']>): TracingHandle {
  const exporter = new OTLPTraceExporter({
    url: new URL('v1/traces', `${settings.endpoint.replace(/\/$/, '')}/`).href,
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: serverPackage.version,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Incoming requests only; probes and scrapes are not worth a trace.
      new HttpInstrumentation({
        disableOutgoingRequestInstrumentation: true,
        ignoreIncomingRequestHook: (request) => request.url?.startsWith('/api/health') ?? false,
      }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  const tracer = provider.getTracer('comptoir');
  useTracing({
    job: (name, run) =>
      tracer.startActiveSpan(`job ${name}`, async (span) => {
        span.setAttribute('comptoir.job', name);
        try {
          return await run();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      }),
    route: (method, route) => {
      const span = trace.getActiveSpan();
      span?.setAttribute(ATTR_HTTP_ROUTE, route);
      span?.updateName(`${method} ${route}`);
    },
  });
  return { shutdown: () => provider.shutdown() };
}
