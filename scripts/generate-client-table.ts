import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { renderClientTable } from '../packages/contracts/src/client-table.ts';

// Writes @comptoir/contracts/client (packages/contracts/src/client/) from the route table and the
// error catalogue, replacing what was there.
const dir = new URL('../packages/contracts/src/client/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) if (file.endsWith('.ts')) rmSync(new URL(file, dir));
const files = renderClientTable();
for (const [file, text] of files) writeFileSync(new URL(file, dir), text);
console.log(`wrote ${files.size} files in packages/contracts/src/client/`);
