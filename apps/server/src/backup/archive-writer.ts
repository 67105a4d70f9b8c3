import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Header, Pack, ReadEntry } from 'tar';

/**
 * A backup archive (tar, gzip) written as it is fed, never whole in memory: node-tar's Pack, given
 * one entry at a time, its bytes streamed in with backpressure. Owner-only (0600), written under a
 * temporary name and renamed when finished: whole or not at all.
 */
export class ArchiveWriter {
  private readonly pack = new Pack({ gzip: true, portable: true });
  private readonly temp: string;
  private readonly written: Promise<void>;

  constructor(
    private readonly path: string,
    private readonly mtime: Date,
  ) {
    this.temp = `${path}.${process.pid}.tmp`;
    const out = createWriteStream(this.temp, { mode: 0o600, flags: 'wx' });
    this.written = new Promise((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      this.pack.on('error', (error: unknown) => {
        out.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    this.written.catch(() => undefined); // awaited in finish(); an early failure is seen there
    this.pack.pipe(out);
  }

  /**
   * A regular file from `source` (read as it goes), which must be the `size` bytes of SHA-256
   * `sha256` the manifest gives: a file that changed since it was listed fails the backup.
   */
  async addFile(
    name: string,
    part: { size: number; sha256: string },
    source: Buffer | AsyncIterable<Buffer>,
  ): Promise<void> {
    const { size } = part;
    const entry = new ReadEntry(
      new Header({ path: name, size, type: 'File', mode: 0o600, mtime: this.mtime }),
    );
    this.pack.add(entry);
    const hash = createHash('sha256');
    let sent = 0;
    for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
      sent += chunk.length;
      if (sent > size) throw new Error(`${name} changed while being archived: run the backup again`);
      hash.update(chunk);
      if (!entry.write(chunk)) await once(entry, 'drain');
    }
    if (sent !== size || hash.digest('hex') !== part.sha256)
      throw new Error(`${name} changed while being archived: run the backup again`);
    entry.end();
  }

  addDirectory(name: string): void {
    const entry = new ReadEntry(
      new Header({ path: `${name}/`, size: 0, type: 'Directory', mode: 0o700, mtime: this.mtime }),
    );
    this.pack.add(entry);
    entry.end();
  }

  /** Ends the archive and gives it its name. */
  async finish(): Promise<void> {
    this.pack.end();
    await this.written;
    renameSync(this.temp, this.path);
  }

  /** Drops what was written. */
  async abort(): Promise<void> {
    this.pack.end();
    await this.written.catch(() => undefined);
    rmSync(this.temp, { force: true });
  }
}
