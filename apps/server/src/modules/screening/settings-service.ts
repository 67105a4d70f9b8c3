import type { ScreeningSettings, UpdateScreeningSettingsRequest } from '@comptoir/contracts';
import { appendAudit } from '../../audit/audit.ts';
import type { AppContext } from '../../context.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { saveMatchThreshold, screeningSettings, type SettingsRow } from './settings-queries.ts';

const view = (row: SettingsRow): ScreeningSettings => ({
  matchThreshold: row.match_threshold,
  updatedAt: row.updated_at?.toISOString() ?? null,
  updatedBy: row.updated_by,
});

/** `GET /api/backoffice/screening/settings`: the match threshold. */
export async function getScreeningSettings(ctx: AppContext): Promise<ScreeningSettings> {
  return view(await screeningSettings(ctx.db));
}

/**
 * `PUT /api/backoffice/screening/settings` (admin): a new match threshold, audited
 * `screening.threshold_changed` with the value it replaces. Screenings from then on use it; those
 * already made keep the threshold they were made with.
 */
export async function updateScreeningSettings(
  ctx: AppContext,
  operator: OperatorPrincipal,
  body: UpdateScreeningSettingsRequest,
): Promise<ScreeningSettings> {
  return ctx.db.tx(async (q) => {
    const before = await screeningSettings(q, { forUpdate: true });
    const now = ctx.clock.now();
    await saveMatchThreshold(q, { threshold: body.matchThreshold, operatorId: operator.id, at: now });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: null,
      action: 'screening.threshold_changed',
      details: { from: before.match_threshold, to: body.matchThreshold },
      at: now,
    });
    return view(await screeningSettings(q));
  });
}
