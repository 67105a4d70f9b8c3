import { config } from 'zod/v4';

/**
 * `zod` as the app's build resolves it (an alias in vite.config.ts): zod itself, configured first.
 * Zod compiles fast object parsers with `new Function` when it may; the page's Content Security
 * Policy never allows eval, so zod's probe for it would be reported as a violation: parse without
 * compiling. Every module that builds a schema imports `zod`, so this runs before the first one,
 * in whichever chunk zod first arrives (the dashboard's first load has none).
 */
config({ jitless: true });

export * from 'zod/v4';
