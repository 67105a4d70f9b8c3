import type { Queryable } from '../db/types.ts';

/** The card bench's cards take every payment the limits allow: weekly 5 000 €, monthly 10 000 €. */
export async function setBenchCardLimits(q: Queryable, cardId: string): Promise<void> {
  await q.query(`update cards set weekly_limit = 500000, monthly_limit = 1000000 where id = $1`, [cardId]);
}

/** How the bench's authorisations ended, by status and reason. */
export async function authorizationOutcomes(q: Queryable): Promise<{ outcome: string; n: number }[]> {
  const { rows } = await q.query<{ outcome: string; n: number }>(
    `select status || coalesce(':' || reason, '') as outcome, count(*)::int as n
       from card_authorizations group by 1 order by 1`,
  );
  return rows;
}
