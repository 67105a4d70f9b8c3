// `npm start`: builds the web app if needed, then serves the whole product (API + web) on PORT.
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
