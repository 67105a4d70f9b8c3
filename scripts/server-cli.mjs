// The operators' commands (`npm run ledger:verify`, `operator:create`, `sanctions:import`, `backup`,
// `restore`, `master-key:rotate`, `migrate-to-postgres`): runs the compiled command when the build
// is up to date (a production install has no tsx), else its TypeScript source.
//
//   node scripts/server-cli.mjs ledger-verify [args…]
import { spawnSync } from 'node:child_process';
import { serverCommand } from './compiled-server.mjs';

const COMMANDS = {
  'ledger-verify': 'cli/ledger-verify.ts',
  'operator-create': 'cli/operator-create.ts',
  'sanctions-import': 'cli/sanctions-import.ts',
  backup: 'cli/backup.ts',
  restore: 'cli/restore.ts',
  'master-key-rotate': 'cli/master-key-rotate.ts',
  'migrate-to-postgres': 'cli/migrate-to-postgres.ts',
};
const [name = '', ...rest] = process.argv.slice(2);
const source = COMMANDS[name];
if (!source) {
  console.error(`Unknown command ${name}: one of ${Object.keys(COMMANDS).join(', ')}`);
  process.exit(2);
}
const { args } = serverCommand(name, source);
const run = spawnSync(process.execPath, [...args, ...rest], { stdio: 'inherit' });
process.exit(run.status ?? 1);
