// `npm start`: builds the web app if needed, then serves the whole product (API + web) on PORT —
// the compiled server when `npm run build` made one that is up to date, else the TypeScript source.
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { serverCommand } from './compiled-server.mjs';

const root = new URL('..', import.meta.url).pathname;
buildWebIfStale();
const { args } = serverCommand('main', 'main.ts');
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
