// The screening matcher's thread entry (matcher-thread.ts starts it as a worker). Plain JS: it
// registers tsx's loader in this thread (Node gives a worker no loader of the main thread's
// `--import`), then loads the matcher, written in TypeScript like the rest of the server. The
// compiled server builds matcher-worker.ts itself under this name (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import(new URL('./matcher-worker.ts', import.meta.url).href);
