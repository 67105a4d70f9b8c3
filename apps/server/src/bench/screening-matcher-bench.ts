/**
 * `npx tsx apps/server/src/bench/screening-matcher-bench.ts`: the name matcher alone (no database),
 * on one core. Builds the index of a generated list of BENCH_LIST_ENTRIES entities (default 5 000)
 * and screens BENCH_SUBJECTS generated customers (default 100 000) against it at the default
 * threshold, one in 200 of them a listed person (as listed, misspelt or in the other order).
 * Prints the build time, the screening time, the time per subject and how many of the listed
 * persons were found; then each target (build < 1 s, 100 000 subjects < 20 s) met or not. The
 * targets read the process's CPU time (one thread), which other work on the machine does not
 * inflate; the wall-clock time is printed beside it.
 */
import { buildListIndex, screenSubject } from '../modules/screening/index.ts';
import { generatedCustomers, generatedList, namePools, seededRandom } from './sanctions-fixtures.ts';
import { printTargets } from './targets.ts';

const ENTRIES = Number(process.env.BENCH_LIST_ENTRIES ?? 5_000);
const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 100_000);
const THRESHOLD = 80;
const TARGET_BUILD_MS = 1_000;
const TARGET_SCREEN_MS = 20_000;

const random = seededRandom(35);
const pools = namePools(random, 400, 20_000);
const list = generatedList(ENTRIES, pools, random);
const { subjects, expected } = generatedCustomers(SUBJECTS, pools, list, random);
console.log(
  `bench:screening-matcher: ${ENTRIES} listed entities, ${SUBJECTS} customers, threshold ${THRESHOLD}`,
);

/** CPU time (user and system) of this process, in ms. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const buildStarted = performance.now();
const buildCpuStarted = cpuMs();
const index = buildListIndex(list);
const buildMs = cpuMs() - buildCpuStarted;
console.log(
  `index built: ${buildMs.toFixed(0)} ms CPU (${(performance.now() - buildStarted).toFixed(0)} ms wall)`,
);

let withMatch = 0;
let found = 0;
const screenStarted = performance.now();
const screenCpuStarted = cpuMs();
for (let i = 0; i < subjects.length; i++) {
  const result = screenSubject(index, subjects[i]!, THRESHOLD);
  if (result.matches.length > 0) withMatch++;
  const wanted = expected.get(i);
  if (wanted !== undefined && result.matches.some((m) => m.logicalId === wanted)) found++;
}
const screenMs = cpuMs() - screenCpuStarted;
const screenWallMs = performance.now() - screenStarted;
const scaled = (screenMs * 100_000) / SUBJECTS;
console.log(
  `screened: ${screenMs.toFixed(0)} ms CPU (${screenWallMs.toFixed(0)} ms wall), ` +
    `${((screenMs * 1000) / SUBJECTS).toFixed(1)} µs a subject, ${scaled.toFixed(0)} ms CPU per 100 000; ` +
    `${withMatch} with a possible match; listed persons found: ${found} of ${expected.size}`,
);

printTargets('targets', [
  {
    label: `index of ${ENTRIES} entities (CPU)`,
    wanted: `< ${TARGET_BUILD_MS} ms`,
    measured: `${buildMs.toFixed(0)} ms`,
    met: buildMs < TARGET_BUILD_MS,
  },
  {
    label: '100 000 subjects screened (CPU)',
    wanted: `< ${TARGET_SCREEN_MS} ms`,
    measured: `${scaled.toFixed(0)} ms`,
    met: scaled < TARGET_SCREEN_MS,
  },
  {
    label: 'listed persons found',
    wanted: 'all',
    measured: `${found} / ${expected.size}`,
    met: found === expected.size,
  },
]);
