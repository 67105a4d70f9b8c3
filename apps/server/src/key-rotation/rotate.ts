import { resignAuditCheckpoint } from '../audit/checkpoint.ts';
import type { Clock } from '../clock.ts';
import { acceptOlderKeys, keyIdHex } from '../crypto/keyring.ts';
import type { Db } from '../db/types.ts';
import type { FileStore } from '../storage/file-store.ts';
import {
  finishRotation,
  finishSet,
  lockSealedBatch,
  recordBatch,
  startRotation,
  unfinishedRotations,
  updateSealedRow as updateRow,
} from './queries.ts';
import { SEALED_VALUE_SETS, type SealedValueSet } from './sealed-values.ts';

export interface RotationInput {
  db: Db;
  files: FileStore;
  clock: Clock;
  /** The new master key. */
  target: Buffer;
  /** The keys values may still be sealed under (the current one, and any older one still accepted). */
  older: readonly Buffer[];
  batchSize?: number;
  /** Called after each committed batch (tests interrupt a rotation here). */
  afterBatch?: (batches: number) => void | Promise<void>;
}

export interface RotationReport {
  targetKeyId: string;
  /** Values moved to the target key, by set (this run and earlier interrupted ones). */
  moved: Record<string, number>;
  batches: number;
  /** Values found still under an older key by the final sweep (written meanwhile by running instances). */
  swept: number;
  /** Whether the audit chain's checkpoint (audit/checkpoint.ts) was signed again under the target key. */
  checkpointResigned?: boolean;
}

export class RotationRefused extends Error {
  override name = 'RotationRefused';
}

/**
 * Moves every sealed value (sealed-values.ts) to `target`, set by set, in batches: each batch locks
 * its rows, re-seals them and records its cursor in one transaction, so an interrupted rotation
 * resumes after its last committed batch. Then sweeps every set again until no value is left under
 * an older key (instances still sealing under an older key meanwhile), and records the rotation
 * as finished. Meanwhile everything opens under either key (crypto/keyring.ts).
 */
export async function rotateMasterKey(input: RotationInput): Promise<RotationReport> {
  const { db, clock, target } = input;
  const batchSize = input.batchSize ?? 200;
  acceptOlderKeys(target, input.older);
  const targetKeyId = keyIdHex(target);
  const keys = { target, files: input.files };
  const progress = await db.tx(async (q) => {
    const others = await unfinishedRotations(q, targetKeyId);
    if (others.length > 0)
      throw new RotationRefused(
        `a rotation to key ${others.join(', ')} is unfinished: finish it with that key first`,
      );
    return startRotation(
      q,
      targetKeyId,
      SEALED_VALUE_SETS.map((s) => s.name),
      clock.now(),
    );
  });
  const report: RotationReport = { targetKeyId, moved: {}, batches: 0, swept: 0 };

  const walk = async (set: SealedValueSet, start: string | null, persist: boolean): Promise<number> => {
    let cursor = start;
    let moved = 0;
    for (;;) {
      const batch = await db.tx(async (q) => {
        const rows = await lockSealedBatch(q, set, cursor, batchSize);
        let changed = 0;
        for (const row of rows) {
          let values: Record<string, string> | null;
          try {
            values = await set.move(row, keys);
          } catch (error) {
            throw new Error(`${set.name} ${row.cursor}: ${(error as Error).message}`, { cause: error });
          }
          if (values) {
            await updateRow(q, set, row.cursor, values);
            changed++;
          }
        }
        const last = rows.at(-1)?.cursor ?? null;
        if (persist && last !== null) await recordBatch(q, targetKeyId, set.name, last, changed);
        if (persist && rows.length < batchSize) await finishSet(q, targetKeyId, set.name, clock.now());
        return { last, changed, done: rows.length < batchSize };
      });
      moved += batch.changed;
      cursor = batch.last ?? cursor;
      report.batches++;
      await input.afterBatch?.(report.batches);
      if (batch.done) return moved;
    }
  };

  for (const set of SEALED_VALUE_SETS) {
    const row = progress.find((p) => p.value_set === set.name);
    const earlier = Number(row?.moved ?? 0);
    report.moved[set.name] = earlier + (row?.finished_at ? 0 : await walk(set, row?.cursor ?? null, true));
  }
  for (;;) {
    let swept = 0;
    for (const set of SEALED_VALUE_SETS) swept += await walk(set, null, false);
    report.swept += swept;
    if (swept === 0) break;
  }
  report.checkpointResigned = await resignAuditCheckpoint(input.files, target);
  await finishRotation(db, targetKeyId, clock.now());
  return report;
}
