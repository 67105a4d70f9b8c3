import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';
import { ScreeningCustomerRef, ScreeningOperatorRef } from './screening-alerts.ts';

/**
 * Asset freezes (docs/screening.md#alerts-decisions-and-freezes): made by the approval of a
 * confirmed screening alert — the customer's funds (subject `customer`) or transfers to one payee
 * (subject `beneficiary`, named by its IBAN). Lifting takes two operators: one proposes with a
 * reason and a note, another approves.
 */

export const AssetFreezeStatus = z.enum(['active', 'lift_proposed', 'lifted']);
export type AssetFreezeStatus = z.infer<typeof AssetFreezeStatus>;
export const FreezeLiftReason = z.enum(['delisting', 'decision']);
export type FreezeLiftReason = z.infer<typeof FreezeLiftReason>;

/** `GET /api/backoffice/screening/freezes?status=active|lifted`: active (with lift proposed) by default. */
export const AssetFreezesQuery = z.object({ status: z.enum(['active', 'lifted']).default('active') });
export type AssetFreezesQuery = z.infer<typeof AssetFreezesQuery>;

/** `POST /api/backoffice/screening/freezes/{id}/lift`: the proposal. */
export const LiftFreezeRequest = z.object({
  reason: FreezeLiftReason,
  note: text()
    .trim()
    .min(1, 'La note est obligatoire.')
    .max(2000, 'Note trop longue (2 000 caractères au maximum).'),
});
export type LiftFreezeRequest = z.infer<typeof LiftFreezeRequest>;

export const AssetFreeze = z
  .object({
    id: z.string(),
    subjectKind: z.enum(['customer', 'beneficiary']),
    customer: ScreeningCustomerRef,
    /** The blocked payee (subject `beneficiary`), by its canonical IBAN and the name screened. */
    payee: z.object({ beneficiaryId: z.string().nullable(), iban: z.string(), name: z.string() }).nullable(),
    /** The alert whose confirmation made it, and the list entity it matched. */
    alertId: z.string().nullable(),
    logicalId: z.number().int().nullable(),
    status: AssetFreezeStatus,
    frozenAt: IsoDateTime,
    /** The matched entity is no longer on the list in force: the back office suggests lifting it. */
    delisted: z.boolean(),
    /** The lifting, once proposed: reason, note, who proposed, who approved (null until lifted). */
    lift: z
      .object({
        reason: FreezeLiftReason,
        note: z.string(),
        proposedBy: ScreeningOperatorRef,
        proposedAt: IsoDateTime,
        approvedBy: ScreeningOperatorRef.nullable(),
        liftedAt: IsoDateTime.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'AssetFreeze' });
export type AssetFreeze = z.infer<typeof AssetFreeze>;

export const AssetFreezeList = z.object({ items: z.array(AssetFreeze) });
export type AssetFreezeList = z.infer<typeof AssetFreezeList>;
