// Error codes thrown here: last_active_admin, operator_not_found.
import type { OperatorListItem, UpdateOperatorRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../../audit/audit.ts';
import { lockActiveAdmins, lockOperator, updateOperatorRow } from './admin-queries.ts';
import { revokeAllOperatorSessions } from './session-queries.ts';
import { isUuid } from '@comptoir/core';
import { toOperatorListItem } from './operator-view.ts';

const notFound = () => new AppError('operator_not_found');

/**
 * Renames, changes the role of, deactivates or reactivates an operator, with one
 * `operator.updated` audit row naming what changed. Deactivation revokes every session of the
 * operator in the same transaction (the guard also refuses a disabled operator); reactivation makes
 * the operator active from that moment (`activated_at`). Deactivating an invited operator makes
 * their invitation link useless. The last active admin can be neither demoted nor deactivated
 * (409): the active admins are locked first, so two admins removing each other at once cannot
 * both succeed.
 */
export async function updateOperatorByAdmin(
  ctx: AppContext,
  adminId: string,
  targetId: string,
  change: UpdateOperatorRequest,
): Promise<OperatorListItem> {
  if (!isUuid(targetId)) throw notFound();
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const admins = await lockActiveAdmins(q);
    const current = await lockOperator(q, targetId);
    if (!current) throw notFound();
    const disabledAt =
      change.active === undefined ? current.disabled_at : change.active ? null : (current.disabled_at ?? now);
    const reactivated = current.disabled_at !== null && disabledAt === null;
    const next = {
      name: change.name ?? current.name,
      role: change.role ?? current.role,
      disabledAt,
      // Active again from now on (four eyes counts from here); an invited operator stays invited.
      activatedAt: reactivated && current.activated_at !== null ? now : current.activated_at,
    };
    const removesAdmin = admins.includes(current.id) && (next.role !== 'admin' || next.disabledAt !== null);
    if (removesAdmin && admins.length <= 1) {
      throw new AppError('last_active_admin');
    }
    const updated = await updateOperatorRow(q, targetId, next);
    const deactivated = current.disabled_at === null && next.disabledAt !== null;
    const sessionsEnded = deactivated ? await revokeAllOperatorSessions(q, targetId, now) : 0;
    const changes: Record<string, unknown> = {};
    if (next.name !== current.name) changes.name = { from: current.name, to: next.name };
    if (next.role !== current.role) changes.role = { from: current.role, to: next.role };
    if ((next.disabledAt === null) !== (current.disabled_at === null))
      changes.active = { from: current.disabled_at === null, to: next.disabledAt === null };
    if (Object.keys(changes).length > 0) {
      await appendAudit(q, {
        operatorId: adminId,
        customerId: null,
        action: deactivated ? 'operator.deactivated' : 'operator.updated',
        details: { targetOperatorId: targetId, changes, sessionsEnded },
        at: now,
      });
    }
    return toOperatorListItem(updated);
  });
}
