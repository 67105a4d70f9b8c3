import type { Queryable } from '../../db/types.ts';

export interface SettingsRow {
  match_threshold: number;
  updated_at: Date | null;
  /** The e-mail of the operator who last changed them. */
  updated_by: string | null;
}

/** The screening's settings; `forUpdate` locks the one row (a change reads the value it replaces). */
export async function screeningSettings(
  q: Queryable,
  options: { forUpdate?: boolean } = {},
): Promise<SettingsRow> {
  const { rows } = await q.query<SettingsRow>(
    `select s.match_threshold, s.updated_at, o.email as updated_by
       from screening_settings s left join operators o on o.id = s.updated_by
      where s.id ${options.forUpdate ? 'for update of s' : ''}`,
  );
  const row = rows[0];
  if (!row) throw new Error('screening_settings has no row');
  return row;
}

export async function saveMatchThreshold(
  q: Queryable,
  p: { threshold: number; operatorId: string; at: Date },
): Promise<void> {
  await q.query(
    'update screening_settings set match_threshold = $1, updated_by = $2, updated_at = $3 where id',
    [p.threshold, p.operatorId, p.at],
  );
}
