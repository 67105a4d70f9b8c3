import type { AnchoredCheck } from './anchored-verify.ts';

/** One line for the operators' command (`npm run ledger:verify`): what held, or where it broke. */
export function describeAuditCheck(check: AnchoredCheck, entries: number): { ok: boolean; line: string } {
  const { broken, checkpoint } = check;
  if (broken?.kind === 'row') return { ok: false, line: `audit chain broken at entry ${broken.id}` };
  if (broken?.kind === 'end') {
    return {
      ok: false,
      line: `audit chain cut: it ends at entry ${broken.lastId ?? 'none'} but reached entry ${broken.headId ?? 'none'}`,
    };
  }
  if (checkpoint.status === 'refused') {
    return { ok: false, line: 'audit checkpoint refused: its MAC fails under every known master key' };
  }
  const anchor =
    checkpoint.status === 'valid'
      ? `holds the checkpoint of ${checkpoint.checkpoint.at.toISOString()} (entry ${checkpoint.checkpoint.lastId ?? 'none'})`
      : 'no checkpoint written yet';
  return { ok: true, line: `audit chain ok: ${entries} entries, ${anchor}` };
}
