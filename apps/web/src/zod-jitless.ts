import { config } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` when it may. The page's Content Security
 * Policy never allows eval, so zod's probe for it would be reported as a violation on every page:
 * parse without compiling. Imported first by the app's entry, before any schema is built (the public
 * site builds none).
 */
config({ jitless: true });
