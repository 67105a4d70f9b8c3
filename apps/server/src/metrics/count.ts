import {
  cardAuthorizations,
  httpDuration,
  httpInFlight,
  httpRequests,
  jobFailures,
  jobRuns,
  screenedSubjects,
  transfers,
} from './registry.ts';

/**
 * What the rest of the server counts, without knowing the metrics library. Counting never throws
 * and costs a map lookup.
 */
export function countHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const label = metricRoute(route);
  httpRequests.inc({ method, route: label, status: String(status) });
  httpDuration.observe({ method, route: label }, seconds);
}

/**
 * The `route` label of a request: its route pattern, but every file of the web app's `/assets/`
 * (one route each, named by its content hash, new ones at every release) as one `/assets/*`.
 */
export const metricRoute = (route: string): string => (route.startsWith('/assets/') ? '/assets/*' : route);

/** A request's headers have arrived: in flight until `countHttpRequestEnd` (answered or abandoned). */
export const countHttpRequestStart = (): void => httpInFlight.inc();

export const countHttpRequestEnd = (): void => httpInFlight.dec();

export const countJobRun = (job: string): void => jobRuns.inc({ job });

export const countJobFailure = (job: string): void => jobFailures.inc({ job });

/** A transfer order's status as first answered, or `refused` when a rule said no. */
export const countTransfer = (outcome: string): void => transfers.inc({ outcome });

export const countCardAuthorization = (approved: boolean, reason: string | null): void =>
  cardAuthorizations.inc({ outcome: approved ? 'approved' : 'declined', reason: reason ?? '' });

/** Subjects screened by this process since it started (what `screenedSubjectCount` reads). */
let screened = 0;

/** Customers or beneficiaries screened against the sanctions list (the screening job's batches). */
export function countScreening(subjects: number): void {
  if (subjects <= 0) return;
  screened += subjects;
  screenedSubjects.inc(subjects);
}

/**
 * How many subjects this process has screened since it started: a test reads it around an action to
 * prove the action screened nobody (an instant transfer never calls the screening).
 */
export const screenedSubjectCount = (): number => screened;
