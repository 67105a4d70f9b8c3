import type { Psd2TppSeen } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { blockTpp, listTpps, type TppRow } from './queries.ts';

const toTppSeen = (t: TppRow & { active_consents: number }): Psd2TppSeen => ({
  id: t.id,
  name: t.name,
  organisationId: t.organisation_id,
  authorityId: t.authority_id,
  roles: t.roles,
  firstSeenAt: t.first_seen_at.toISOString(),
  lastSeenAt: t.last_seen_at.toISOString(),
  activeConsents: t.active_consents,
  blockedAt: t.blocked_at?.toISOString() ?? null,
  blockedReason: t.blocked_reason,
});

/** `GET /api/backoffice/psd2/tpps`: the TPPs seen, most recent call first. */
export async function listSeenTpps(ctx: AppContext): Promise<Psd2TppSeen[]> {
  return (await listTpps(ctx.db)).map(toTppSeen);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `POST /api/backoffice/psd2/tpps/{id}/block`: the bank denies a TPP access to the interface for an
 * objectively justified reason (PSD2 art. 68(5)); every later call answers 401
 * `CERTIFICATE_BLOCKED`. Audited with the reason; the authority must be told (outside the application).
 */
export function blockSeenTpp(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  reason: string,
): Promise<Psd2TppSeen> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const outcome = UUID.test(id) ? await blockTpp(q, id, operator.id, reason, now) : 'unknown';
    if (outcome === 'unknown') throw new AppError('psd2_tpp_not_found');
    if (outcome === 'already') throw new AppError('psd2_tpp_blocked');
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: null,
      action: 'psd2.tpp_blocked',
      details: { tppId: id, reason },
      at: now,
    });
    const seen = (await listTpps(q)).find((t) => t.id === id);
    if (!seen) throw new Error('the blocked TPP vanished');
    return toTppSeen(seen);
  });
}
