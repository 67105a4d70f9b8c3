/**
 * The few lines of POSIX ustar a backup needs: regular files only, names under 100 bytes, whole
 * archive in memory (gzip around it is the caller's).
 */
export interface TarEntry {
  name: string;
  data: Buffer;
}

const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) >= 100) throw new Error(`name too long for the archive: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'utf8');
  h.write('0000600\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

export function writeTar(entries: readonly TarEntry[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e.name, e.data.length, mtime), e.data);
    const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const h = tar.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      h
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '')
        .trim();
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (h[i] as number);
    if (sum !== parseInt(field(148, 8), 8)) throw new Error('not a backup archive (bad tar header)');
    const size = parseInt(field(124, 12), 8);
    const start = offset + BLOCK;
    if (start + size > tar.length) throw new Error('truncated archive');
    if (field(156, 1) === '0' || field(156, 1) === '')
      entries.push({ name: field(0, 100), data: Buffer.from(tar.subarray(start, start + size)) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
