import type { Queryable } from '../../db/types.ts';
import { DEFAULT_RULE_PARAMETERS, type RuleParameters } from './rules/parameters.ts';
import type { RuleHit } from './rules/types.ts';

/**
 * The rules' parameters in force: the latest version. The first pass writes version 1 from the
 * code's defaults (rules/parameters.ts); two instances doing it at once write it once.
 */
export async function ruleVersionInForce(
  q: Queryable,
  now: Date,
): Promise<{ version: number; parameters: RuleParameters }> {
  const read = () =>
    q.query<{ version: number; parameters: RuleParameters }>(
      'select version, parameters from monitoring_rule_versions order by version desc limit 1',
    );
  let { rows } = await read();
  if (!rows[0]) {
    await q.query(
      `insert into monitoring_rule_versions (version, parameters, note, created_at)
       values (1, $1, 'Paramètres initiaux', $2) on conflict (version) do nothing`,
      [JSON.stringify(DEFAULT_RULE_PARAMETERS), now],
    );
    ({ rows } = await read());
  }
  const row = rows[0];
  if (!row) throw new Error('no monitoring rule version');
  return row;
}

/** When the payee of each of these transfers was added as the customer's beneficiary (by transfer id). */
export async function payeesAddedAt(
  q: Queryable,
  transferIds: readonly string[],
): Promise<Map<string, Date>> {
  if (transferIds.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; added_at: Date }>(
    `select t.id, b.created_at as added_at
       from transfers t join beneficiaries b on b.id = t.beneficiary_id and b.customer_id = t.customer_id
      where t.id = any ($1::uuid[])`,
    [transferIds],
  );
  return new Map(rows.map((r) => [r.id, r.added_at]));
}

/**
 * Records a rule's hit on a movement in the customer's case not yet closed, opening one if none is. Each
 * (rule, entry, account) is recorded once: a second evaluation of a movement is refused by the
 * unique key, never silently merged.
 */
export async function recordHit(
  q: Queryable,
  h: {
    customerId: string;
    hit: RuleHit;
    version: number;
    entryId: bigint;
    accountId: bigint;
    at: Date;
  },
): Promise<{ caseId: string }> {
  const { rows } = await q.query<{ case_id: string }>(
    `with open_case as (
       insert into monitoring_cases (customer_id, opened_at, updated_at) values ($1, $2, $2)
       on conflict (customer_id) where status <> 'closed' do update set updated_at = excluded.updated_at
       returning id)
     insert into monitoring_hits (case_id, customer_id, rule, rule_version, entry_id, account_id, entry_ids,
                                  details, created_at)
     select id, $1, $3, $4, $5, $6, $7::bigint[], $8, $2 from open_case
     returning case_id`,
    [
      h.customerId,
      h.at,
      h.hit.rule,
      h.version,
      String(h.entryId),
      String(h.accountId),
      h.hit.entryIds.map(String),
      JSON.stringify(h.hit.details),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('monitoring hit not recorded');
  return { caseId: row.case_id };
}
