import type { OperatorList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { listOperators } from './admin-queries.ts';
import { toOperatorListItem } from './operator-view.ts';

/** « Opérateurs »: every operator, active ones first. */
export async function listOperatorsForAdmin(ctx: AppContext): Promise<OperatorList> {
  return { items: (await listOperators(ctx.db)).map(toOperatorListItem) };
}
