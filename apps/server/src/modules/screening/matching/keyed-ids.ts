/**
 * Ids filed under string keys, many ids a key: a map from each key to the head of a chain kept in
 * two growing typed arrays, rather than one small array per key. The typo index files a word
 * under each of its deletions, hundreds of thousands of keys for a list of a few thousand
 * entities; chains keep building it quick and light on the garbage collector.
 */
export class KeyedIds {
  private readonly heads = new Map<string, number>();
  private ids = new Int32Array(1024);
  private next = new Int32Array(1024);
  private size = 0;

  /** Files `id` under `key` (once, when the same id is filed twice in a row). */
  add(key: string, id: number): void {
    const head = this.heads.get(key);
    if (head !== undefined && this.ids[head] === id) return;
    if (this.size === this.ids.length) {
      const ids = new Int32Array(this.size * 2);
      ids.set(this.ids);
      this.ids = ids;
      const next = new Int32Array(this.size * 2);
      next.set(this.next);
      this.next = next;
    }
    this.ids[this.size] = id;
    this.next[this.size] = head ?? -1;
    this.heads.set(key, this.size);
    this.size += 1;
  }

  /** Calls `visit` with each id filed under `key`, the last filed first. */
  each(key: string, visit: (id: number) => void): void {
    for (let at = this.heads.get(key) ?? -1; at >= 0; at = this.next[at] as number)
      visit(this.ids[at] as number);
  }
}
