import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { restrictNewFiles } from './data-dir.ts';

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

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Comptoir could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
