import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { INSTALLABLE_APP } from '../../../../packages/contracts/src/installable-app.ts';

/**
 * Adds the Web Push handlers (src/pwa/push-worker.ts) to the service worker that vite-plugin-pwa
 * generates: once sw.js is written, the handlers are bundled on their own (one IIFE, no chunk shared
 * with the app) and appended to it. One file, so a browser's byte-for-byte update check sees any
 * change of either part, and the server serves it as before (installable-app.ts).
 */
export function pushWorkerPlugin(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'comptoir-push-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (config.build.ssr) return;
        const worker = join(
          config.root,
          config.build.outDir,
          INSTALLABLE_APP.serviceWorker.replace(/^\//, ''),
        );
        if (!existsSync(worker)) throw new Error(`no ${worker} to add the push handlers to`);
        const output = await build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          build: {
            write: false,
            minify: true,
            sourcemap: false,
            emptyOutDir: false,
            lib: { entry, formats: ['iife'], name: 'comptoirPush', fileName: () => 'push.js' },
          },
        });
        const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
          'output' in result ? result.output : [],
        );
        const code = chunks.find((chunk) => chunk.type === 'chunk')?.code;
        if (!code) throw new Error('the push handlers did not build');
        appendFileSync(worker, `\n${code}`);
      },
    },
  };
}
