import { ConfigError, loadConfig } from './config.ts';
import { restrictNewFiles } from './data-dir.ts';
import { announce, appLog } from './log.ts';
import { startTracing } from './tracing/start.ts';

/** A stop (SIGTERM) that has not finished by then ends the process anyway: within 10 s, whatever happens. */
const FORCE_EXIT_MS = 9_500;

/** `npm start`: reads the environment, then runs the server until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  restrictNewFiles();
  const started = performance.now();
  const config = loadConfig();
  // Before the server's modules are loaded, so that OpenTelemetry (when configured) instruments them.
  const traces = await startTracing(config);
  const { startServer } = await import('./server.ts');
  const server = await startServer(config, { logger: true });
  // The operator's first lines, as records of the JSON log (docs/operations.md#logs-health-and-metrics).
  if (server.demo) {
    const { operator, customer } = server.demo;
    announce().info(
      { demo: 'operator' },
      `demo-operator: ${operator.email} ${operator.password} totp-secret=${operator.totpSecret}`,
    );
    announce().info({ demo: 'customer' }, `demo-customer: ${customer.email} ${customer.password}`);
  }
  const mode = config.sandbox ? 'sandbox' : 'production';
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`;
  const ms = Math.round(performance.now() - started);
  announce().info(
    { mode, url: config.publicUrl, ms },
    `Comptoir (${mode}, ${database}) ready at ${config.publicUrl} in ${ms} ms`,
  );
  if (config.sandbox) announce().info(`Sandbox mailbox: ${config.publicUrl}/dev/mailbox`);
  if (server.metricsUrl) announce().info(`Metrics: ${server.metricsUrl}`);
  if (server.psd2Url) announce().info(`psd2: ${server.psd2Url}`);

  const shutdown = (signal: string) => {
    const stopping = performance.now();
    announce().info({ signal }, `${signal}: shutting down`);
    // Whatever still runs then (a request that never ends, a stuck job) does not hold the exit.
    setTimeout(() => {
      appLog().error({ signal }, `not stopped within ${FORCE_EXIT_MS} ms: exiting anyway`);
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    server
      .stop()
      .then(() => traces?.shutdown())
      .then(
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
  // One JSON record (on standard error until the server's logger exists), like every other line.
  const message =
    error instanceof ConfigError
      ? error.message
      : `Comptoir could not start: ${error instanceof Error ? error.message : String(error)}`;
  appLog().fatal(error instanceof ConfigError ? {} : { err: error }, message);
  process.exit(1);
});
