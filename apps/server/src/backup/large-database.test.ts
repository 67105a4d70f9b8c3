import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect.ts';

// The embedded database only: PGlite's files are what a backup reads and a restore writes.
const work = mkdtempSync(join(tmpdir(), 'comptoir-large-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const source = join(work, 'source');
const target = join(work, 'target');
const archive = join(work, 'backup.tar.gz');

const MB = 1024 * 1024;
/** The V8 heap the commands get: far below the database's size. */
const HEAP_LIMIT_MB = 64;
/** What a command may hold at once (its code and a few buffers): the database is more than twice that. */
const HELD_LIMIT = (HEAP_LIMIT_MB + 32) * MB;

/**
 * Runs a command with a small V8 heap, and measures the most its JavaScript held at once — heap and
 * buffers (what a whole archive or database dump in memory would fill; PGlite's own WebAssembly
 * memory is not counted) — sampled every few milliseconds.
 */
function runMeasured(command: string, args: string[], dataDir: string) {
  const probe = `data:text/javascript,let peak=0;const s=()=>{const m=process.memoryUsage();peak=Math.max(peak,m.heapUsed+m.arrayBuffers)};setInterval(s,5).unref();process.on("exit",()=>{s();process.stderr.write("peak-bytes="+peak+"\\n")})`;
  const run = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_LIMIT_MB}`,
      '--import',
      probe,
      '--import',
      'tsx',
      join(import.meta.dirname, '..', 'cli', command),
      ...args,
    ],
    { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const peak = Number(/peak-bytes=(\d+)/.exec(run.stderr)?.[1] ?? NaN);
  return { ...run, peak };
}

const folderSize = (dir: string): number => {
  const out = spawnSync('du', ['-sb', dir], { encoding: 'utf8' }).stdout;
  return Number(out.split('\t')[0]);
};

const sums = async (dataDir: string) => {
  const db = await connect({ dataDir });
  try {
    return (
      await db.query<{ n: bigint; bytes: bigint; digest: string }>(
        "select count(*) as n, sum(length(data))::int8 as bytes, md5(string_agg(md5(data), '' order by id)) as digest from bulk",
      )
    ).rows[0];
  } finally {
    await db.close();
  }
};

describe('a database bigger than the memory the backup is given', () => {
  it('is backed up and restored as streams, never whole in memory', async () => {
    const db = await connect({ dataDir: source });
    // About 80 MB of hex text (compresses to half), stored uncompressed: with its WAL, 230 MB of files.
    await db.exec(`create table bulk (id int primary key, data text);
      alter table bulk alter column data set storage external;
      insert into bulk select i, (select string_agg(md5(random()::text || i || j), '') from generate_series(1, 64) j)
        from generate_series(1, 40000) i;`);
    await db.close();
    const before = await sums(source);
    const size = folderSize(join(source, 'db'));
    expect(size).toBeGreaterThan(2 * HELD_LIMIT);

    const backup = runMeasured('backup.ts', ['--out', archive], source);
    expect(backup.stderr).toMatch(/^peak-bytes=\d+\n$/);
    expect(backup.status).toBe(0);
    console.log(
      `backup of a ${Math.round(size / MB)} MB embedded database: ${Math.round(statSync(archive).size / MB)} MB archive, at most ${Math.round(backup.peak / MB)} MB held`,
    );
    expect(backup.peak).toBeLessThan(HELD_LIMIT);

    const restore = runMeasured('restore.ts', [archive], target);
    expect(restore.stderr).toMatch(/^peak-bytes=\d+\n$/);
    expect(restore.status).toBe(0);
    console.log(`restore: at most ${Math.round(restore.peak / MB)} MB held`);
    expect(restore.peak).toBeLessThan(HELD_LIMIT);
    expect(await sums(target)).toEqual(before);
  }, 300_000);
});
