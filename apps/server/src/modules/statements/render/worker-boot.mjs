// A statement renderer's entry (render-pool.ts starts it as a worker thread). Plain JS: it registers
// tsx's loader in this thread (Node gives a worker no loader of the main thread's `--import`),
// then loads the renderer, written in TypeScript like the rest of the server.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker.ts', import.meta.url).href);
