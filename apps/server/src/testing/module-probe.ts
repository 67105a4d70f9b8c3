// Tests only, loaded with `--import` before the server: appends every module the process resolves
// (imported or required) to the file named by MODULE_PROBE_FILE, one URL a line.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.MODULE_PROBE_FILE;
if (file)
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(file, `${resolved.url}\n`);
      return resolved;
    },
  });
