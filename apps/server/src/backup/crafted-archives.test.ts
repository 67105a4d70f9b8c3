import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Header, Pack, ReadEntry } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { migrationFiles } from '../db/migrate.ts';
import { BackupRefused, sha256 } from './manifest.ts';
import { restoreBackup } from './restore.ts';

const work = mkdtempSync(join(tmpdir(), 'comptoir-crafted-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Crafted {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'BlockDevice' | 'FIFO';
  data?: Buffer;
  linkpath?: string;
}

let made = 0;
/** An archive holding exactly `entries`, as written (node-tar, paths preserved, nothing checked). */
async function craft(entries: Crafted[]): Promise<string> {
  const file = join(work, `crafted-${made++}.tar.gz`);
  const pack = new Pack({ gzip: true, preservePaths: true });
  const out = createWriteStream(file);
  pack.pipe(out);
  for (const e of entries) {
    const data = e.data ?? Buffer.alloc(0);
    const type = e.type ?? 'File';
    const entry = new ReadEntry(
      new Header({
        path: e.path,
        type,
        size: type === 'File' ? data.length : 0,
        mode: 0o600,
        mtime: new Date(),
        ...(e.linkpath ? { linkpath: e.linkpath } : {}),
      }),
    );
    pack.add(entry);
    if (type === 'File') entry.write(data);
    entry.end();
  }
  pack.end();
  await once(out, 'close');
  return file;
}

/** An unsafe name is refused by the manifest's check (listed) or the entry's (unlisted). */
const UNSAFE = /not a place a backup writes to|unsafe part name/;

const PG_VERSION = Buffer.from('17\n');
const part = (name: string, data: Buffer) => ({ name, size: data.length, sha256: sha256(data) });
/** The manifest of an embedded backup holding `parts` (format 2). */
const manifestOf = (parts: { name: string; size: number; sha256: string }[], extra: object = {}) =>
  Buffer.from(
    JSON.stringify({
      format: 2,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      migrations: migrationFiles().slice(0, 3),
      files: 0,
      parts,
      directories: ['database/pglite/base'],
      ...extra,
    }),
  );
/** A sound archive, with `more` entries (listed in its manifest when `listed`). */
const sound = (more: Crafted[] = [], listed = true) =>
  craft([
    {
      path: 'manifest.json',
      data: manifestOf([
        part('database/pglite/PG_VERSION', PG_VERSION),
        ...(listed
          ? more
              .filter((m) => (m.type ?? 'File') === 'File')
              .map((m) => part(m.path, m.data ?? Buffer.alloc(0)))
          : []),
      ]),
    },
    { path: 'database/pglite/base', type: 'Directory' },
    { path: 'database/pglite/PG_VERSION', data: PG_VERSION },
    ...more,
  ]);

/** Restores `archive` into a data folder not made yet: refused (exit 4), and nothing written anywhere. */
async function expectRefused(archive: string, reason: RegExp): Promise<void> {
  const target = join(work, `target-${made++}`);
  const config = loadConfig({ SANDBOX: 'true', DATA_DIR: target, LOG_LEVEL: 'silent' });
  const before = readdirSync(work).sort();
  const refused = await restoreBackup({ ...config, databaseUrl: undefined }, archive).catch(
    (e: unknown) => e,
  );
  expect(refused).toBeInstanceOf(BackupRefused);
  expect(refused).toMatchObject({ exitCode: 4, message: expect.stringMatching(reason) });
  expect(existsSync(target)).toBe(false);
  expect(readdirSync(work).sort()).toEqual(before);
  expect(existsSync('/tmp/comptoir-escaped')).toBe(false);
}

describe('restore refuses a crafted or damaged archive before writing anything', () => {
  it('a sound archive passes the checks (the crafted ones below differ from it by one thing)', async () => {
    const target = join(work, 'sound-target');
    const config = loadConfig({ SANDBOX: 'true', DATA_DIR: target, LOG_LEVEL: 'silent' });
    await restoreBackup({ ...config, databaseUrl: undefined }, await sound());
    expect(readFileSync(join(target, 'db', 'PG_VERSION'))).toEqual(PG_VERSION);
  });

  it('a path climbing out of the target (../)', async () => {
    const escape = { path: 'database/pglite/../../../../../../tmp/comptoir-escaped', data: Buffer.from('x') };
    // Listed in the manifest (refused there) or not (refused at the entry).
    for (const listed of [true, false]) {
      await expectRefused(await sound([escape], listed), UNSAFE);
      await expectRefused(
        await sound([{ path: '../comptoir-escaped', data: Buffer.from('x') }], listed),
        UNSAFE,
      );
    }
  });

  it('an absolute path', async () => {
    for (const listed of [true, false])
      await expectRefused(
        await sound([{ path: '/tmp/comptoir-escaped', data: Buffer.from('x') }], listed),
        UNSAFE,
      );
  });

  it('a symbolic link, a hard link, devices and a FIFO', async () => {
    const links: Crafted[] = [
      { path: 'database/pglite/global', type: 'SymbolicLink', linkpath: '/tmp' },
      { path: 'database/pglite/pg_hba.conf', type: 'Link', linkpath: '/etc/passwd' },
      { path: 'database/pglite/null', type: 'CharacterDevice' },
      { path: 'database/pglite/disk', type: 'BlockDevice' },
      { path: 'database/pglite/pipe', type: 'FIFO' },
    ];
    for (const link of links)
      await expectRefused(
        await sound([link]),
        new RegExp(`a ${link.type} entry — a backup holds only files and folders`),
      );
  });

  it('a part whose bytes are not its manifest’s, a part unlisted, a part missing, a stored file with a bad key', async () => {
    const data = Buffer.from('the real bytes');
    const tampered = await craft([
      {
        path: 'manifest.json',
        data: manifestOf([part('database/pglite/PG_VERSION', PG_VERSION), part('database/pglite/x', data)]),
      },
      { path: 'database/pglite/PG_VERSION', data: PG_VERSION },
      { path: 'database/pglite/x', data: Buffer.from('other bytes!!!') },
    ]);
    await expectRefused(tampered, /database\/pglite\/x does not match its SHA-256/);
    await expectRefused(
      await sound([{ path: 'database/pglite/extra', data }], false),
      /does not list: database\/pglite\/extra/,
    );
    const missing = await craft([
      {
        path: 'manifest.json',
        data: manifestOf([part('database/pglite/PG_VERSION', PG_VERSION), part('database/pglite/x', data)]),
      },
      { path: 'database/pglite/base', type: 'Directory' },
      { path: 'database/pglite/PG_VERSION', data: PG_VERSION },
    ]);
    await expectRefused(missing, /database\/pglite\/x is missing from the archive/);
    await expectRefused(await sound([{ path: 'files/../../x', data }]), UNSAFE);
    await expectRefused(await sound([{ path: 'files/not-a-storage-key', data }]), UNSAFE);
  });

  it('a truncated archive, one cut inside its tar, and something else altogether', async () => {
    const whole = readFileSync(await sound([{ path: 'database/pglite/big', data: Buffer.alloc(20_000, 7) }]));
    const cut = join(work, 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expectRefused(cut, /damaged or truncated/);
    const tar = gunzipSync(whole);
    const cutTar = join(work, 'cut-tar.tar.gz');
    writeFileSync(cutTar, gzipSync(tar.subarray(0, 3 * 512 + 700)));
    await expectRefused(cutTar, /damaged or truncated|missing from the archive/);
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not an archive');
    await expectRefused(junk, /not a Comptoir backup/);
  });

  it('no manifest first, a format it does not read, a backup from a newer version', async () => {
    await expectRefused(
      await craft([{ path: 'database/pglite/PG_VERSION', data: PG_VERSION }]),
      /no manifest.json first/,
    );
    const withManifest = (extra: object) =>
      craft([
        { path: 'manifest.json', data: manifestOf([part('database/pglite/PG_VERSION', PG_VERSION)], extra) },
        { path: 'database/pglite/base', type: 'Directory' },
        { path: 'database/pglite/PG_VERSION', data: PG_VERSION },
      ]);
    await expectRefused(await withManifest({ format: 3 }), /backup format 3 is not one this version reads/);
    await expectRefused(
      await withManifest({ migrations: [...migrationFiles(), '9999_from_the_future.sql'] }),
      /newer version.*9999_from_the_future/,
    );
  });
});
