import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The instance's Prometheus metrics. Only this folder knows prom-client: the rest of the server
 * counts through metrics/count.ts and is scraped through metrics/scrape.ts.
 */
export const registry = new Registry();

const registers = [registry];

export const httpRequests = new Counter({
  name: 'comptoir_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'comptoir_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern and method (an event stream: its lifetime)',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpInFlight = new Gauge({
  name: 'comptoir_http_requests_in_flight',
  help: 'HTTP requests received and not yet answered or abandoned (open event streams included)',
  registers,
});

export const jobRuns = new Counter({
  name: 'comptoir_job_runs_total',
  help: 'Background job runs finished, by job',
  labelNames: ['job'] as const,
  registers,
});

export const jobFailures = new Counter({
  name: 'comptoir_job_failures_total',
  help: 'Background job runs that failed, by job',
  labelNames: ['job'] as const,
  registers,
});

export const transfers = new Counter({
  name: 'comptoir_transfers_total',
  help: 'Transfer orders by the outcome first answered: executed, pending, scheduled, rejected, refused',
  labelNames: ['outcome'] as const,
  registers,
});

export const cardAuthorizations = new Counter({
  name: 'comptoir_card_authorizations_total',
  help: 'Card authorisation requests by outcome (approved, declined) and decline reason',
  labelNames: ['outcome', 'reason'] as const,
  registers,
});

export const screenedSubjects = new Counter({
  name: 'comptoir_screening_subjects_total',
  help: 'Customers and beneficiaries screened against the sanctions list',
  registers,
});

export const dbPool = new Gauge({
  name: 'comptoir_db_pool_connections',
  help: 'Database connections by state: in_use, idle, waiting (clients queued for one)',
  labelNames: ['state'] as const,
  registers,
});

export const outboxBacklog = new Gauge({
  name: 'comptoir_outbox_backlog',
  help: 'Messages waiting to be sent: mail (outbox rows pending), push (deliveries queued)',
  labelNames: ['queue'] as const,
  registers,
});

export const liveStreams = new Gauge({
  name: 'comptoir_live_streams_open',
  help: 'Live event streams (Server-Sent Events) open on this instance',
  registers,
});

export const draining = new Gauge({
  name: 'comptoir_draining',
  help: '1 while the instance is shutting down (readiness answers 503), else 0',
  registers,
});

export const buildInfo = new Gauge({
  name: 'comptoir_build_info',
  help: 'Always 1: the running version, its Node.js version and commit (unknown when not known)',
  labelNames: ['version', 'node_version', 'commit'] as const,
  registers,
});
