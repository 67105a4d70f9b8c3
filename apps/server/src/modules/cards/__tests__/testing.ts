// Test scaffolding of modules/cards for other modules' tests; never imported by production code.
export { createCardFor, revealFor } from './helpers.ts';
