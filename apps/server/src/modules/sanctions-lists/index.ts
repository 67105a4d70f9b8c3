// The public face of modules/sanctions-lists: the EU sanctions list's versions and entries in force,
// and the ways a file comes in (docs/screening.md#the-list). app.ts registers its routes itself.
export type { ListedAlias, ListedBirthDate, ListedRegulation, ParsedEntry } from './entry.ts';
export { importSanctionsList, type ImportListInput } from './import-list-service.ts';
export { currentListVersion, entriesInForce, listVersions, type EntryInForce } from './read-list-service.ts';
export { fetchSanctionsListDaily, type DailyFetchResult } from './fetch-list-service.ts';
export { ensureSandboxSanctionsList } from './sandbox-list-service.ts';
