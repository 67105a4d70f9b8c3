// What every test helper needs without building the application: the shape of a test's context
// (made by test-context.ts, which only tests call), the headers of a mutating call, unique addresses.
// Helpers import this file, so a helper never ties its module back to app.ts.
import type { FastifyInstance } from 'fastify';
import type { TestClock } from '../clock.ts';
import type { AppContext } from '../context.ts';

export interface TestContext {
  ctx: AppContext;
  app: FastifyInstance;
  clock: TestClock;
  close(): Promise<void>;
}

/** Headers of a mutating API call from the web app. */
export const MUTATION = { 'x-requested-with': 'comptoir', 'content-type': 'application/json' } as const;

let counter = 0;
/** A unique e-mail per call, so tests never collide on a shared database. */
export const uniqueEmail = (prefix = 'client'): string =>
  `${prefix}.${Date.now().toString(36)}.${process.pid}.${(counter++).toString(36)}@exemple.test`;
