// Test scaffolding of modules/statements for other modules' tests and the browser tests; never
// imported by production code.
export {
  backdateAccount,
  book,
  decimalCents,
  frenchCents,
  pagesText,
  parseCsv,
  validateCamt053,
} from './helpers.ts';
export { RenderPool, useStatementRenderers } from '../render/pool.ts';
