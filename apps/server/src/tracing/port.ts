// What the rest of the server asks of tracing, without loading OpenTelemetry: no-ops until
// start.ts installs the real tracer (only when OTEL_EXPORTER_OTLP_ENDPOINT is set).

export interface Tracing {
  /** Runs one job run inside its own span (`job <name>`), the run's queries beneath it. */
  job<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** Names the current request's span by its route pattern (`GET /api/transfers/:id`). */
  route(method: string, route: string): void;
}

/** A running exporter, as start.ts hands it to the server. */
export interface TracingHandle {
  /** Sends the spans still buffered, then stops (the server's stop awaits it). */
  shutdown(): Promise<void>;
}

const off: Tracing = {
  job: (_name, run) => run(),
  route: () => undefined,
};

let current: Tracing = off;

export const tracing = (): Tracing => current;

/** start.ts only. */
export function useTracing(next: Tracing): void {
  current = next;
}
