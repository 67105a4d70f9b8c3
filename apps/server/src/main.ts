import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { restrictNewFiles } from './data-dir.ts';
import { appLog } from './log.ts';

/** A stop (SIGTERM) that has not finished by then ends the process anyway: within 10 s, whatever happens. */
const FORCE_EXIT_MS = 9_500;

/** `npm start`: reads the environment, then runs the server until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  restrictNewFiles();
  const started = performance.now();
  const config = loadConfig();
  const server = await startServer(config, { logger: true });
  if (server.demo) {
    const { operator, customer } = server.demo;
    console.log(`demo-operator: ${operator.email} ${operator.password} totp-secret=${operator.totpSecret}`);
    console.log(`demo-customer: ${customer.email} ${customer.password}`);
  }
  const mode = config.sandbox ? 'sandbox' : 'production';
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`;
  console.log(
    `Comptoir (${mode}, ${database}) ready at ${config.publicUrl} in ${Math.round(performance.now() - started)} ms`,
  );
  if (config.sandbox) console.log(`Sandbox mailbox: ${config.publicUrl}/dev/mailbox`);
  if (server.metricsUrl) console.log(`Metrics: ${server.metricsUrl}`);

  const shutdown = (signal: string) => {
    const stopping = performance.now();
    console.log(`${signal}: shutting down`);
    // Whatever still runs then (a request that never ends, a stuck job) does not hold the exit.
    setTimeout(() => {
      appLog().error({ signal }, `not stopped within ${FORCE_EXIT_MS} ms: exiting anyway`);
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    server.stop().then(
      () => {
        appLog().info({ signal, ms: Math.round(performance.now() - stopping) }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        appLog().error({ signal, err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  // Once each: a second Ctrl-C ends the process at once.
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Comptoir could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
