// Test scaffolding of modules/statements for other modules' tests; never imported by production code.
export { pagesText } from './test-helpers.ts';
export { RenderPool, useStatementRenderers } from './render/pool.ts';
