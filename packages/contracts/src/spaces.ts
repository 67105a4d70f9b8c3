// « Espaces »: sub-accounts under the main account (docs/product/accounts-and-spaces.md#espaces).
//
// An Espace is a ledger account of its own (kind `customer_sub`) without an IBAN: it is listed by
// `GET /api/accounts` with `type: "space"`, receives and gives money only from and to the customer's
// main account (instant entries, no strong authentication: own accounts, RTS art. 15), and never
// pays a third party.
import { z } from 'zod';
import { AmountCents, text } from './common.ts';
import { SPACE_GOAL_MAX, SPACE_GOAL_MIN, SPACE_MOVE_MAX, SPACE_NAME_MAX } from './spaces-limits.ts';

export const SPACE_NAME_MESSAGE = `Le nom de l’Espace doit comporter entre 1 et ${SPACE_NAME_MAX} caractères.`;
export const SPACE_GOAL_MESSAGE = 'L’objectif doit être compris entre 1 € et 1 000 000 €.';
export const SPACE_MOVE_MESSAGE = 'Le montant doit être compris entre 0,01 € et 1 000 000 €.';

export const SpaceName = text({ error: SPACE_NAME_MESSAGE })
  .trim()
  .min(1, SPACE_NAME_MESSAGE)
  .max(SPACE_NAME_MAX, SPACE_NAME_MESSAGE);

export const SpaceGoal = z
  .number({ error: SPACE_GOAL_MESSAGE })
  .int(SPACE_GOAL_MESSAGE)
  .min(SPACE_GOAL_MIN, SPACE_GOAL_MESSAGE)
  .max(SPACE_GOAL_MAX, SPACE_GOAL_MESSAGE)
  .meta({ description: 'Goal in integer euro cents' });

/** `POST /api/spaces`. */
export const CreateSpaceRequest = z.object({ name: SpaceName, goal: SpaceGoal.optional() });
export type CreateSpaceRequest = z.infer<typeof CreateSpaceRequest>;

/** `PATCH /api/spaces/{id}`: a new name, a new goal, or `goal: null` to remove it. */
export const UpdateSpaceRequest = z
  .object({ name: SpaceName.optional(), goal: SpaceGoal.nullable().optional() })
  .refine((body) => body.name !== undefined || body.goal !== undefined, {
    message: 'Indiquez un nouveau nom ou un objectif.',
  });
export type UpdateSpaceRequest = z.infer<typeof UpdateSpaceRequest>;

export const Space = z
  .object({
    id: z.string(),
    name: z.string(),
    goal: AmountCents.nullable(),
    bookedBalance: AmountCents,
    availableBalance: AmountCents,
    openedAt: z.string(),
  })
  .meta({ id: 'Space' });
export type Space = z.infer<typeof Space>;

export const SpaceMoveDirection = z.enum(['in', 'out'], { error: 'Sens attendu : « in » ou « out ».' });
export type SpaceMoveDirection = z.infer<typeof SpaceMoveDirection>;

/** `POST /api/spaces/{id}/moves` (Idempotency-Key): `in` from the main account, `out` back to it. */
export const SpaceMoveRequest = z.object({
  amount: z
    .number({ error: SPACE_MOVE_MESSAGE })
    .int(SPACE_MOVE_MESSAGE)
    .min(1, SPACE_MOVE_MESSAGE)
    .max(SPACE_MOVE_MAX, SPACE_MOVE_MESSAGE),
  direction: SpaceMoveDirection,
});
export type SpaceMoveRequest = z.infer<typeof SpaceMoveRequest>;

/** The posted move: its `st-` number and both accounts' balances after it. */
export const SpaceMove = z
  .object({
    number: z.string(),
    amount: AmountCents,
    direction: SpaceMoveDirection,
    space: Space,
    mainBookedBalance: AmountCents,
    mainAvailableBalance: AmountCents,
    createdAt: z.string(),
  })
  .meta({ id: 'SpaceMove' });
export type SpaceMove = z.infer<typeof SpaceMove>;

/** `DELETE /api/spaces/{id}`: the Espace is closed (its history stays in the ledger). */
export const ClosedSpace = z.object({ id: z.string(), closed: z.literal(true) });
export type ClosedSpace = z.infer<typeof ClosedSpace>;

/**
 * Live event: the customer's Espaces changed in another session or tab (one created, renamed or
 * closed, or money moved between the main account and an Espace). Balances and lists are read again.
 */
export const SpacesLiveEvent = z.object({ type: z.literal('spaces') });
export type SpacesLiveEvent = z.infer<typeof SpacesLiveEvent>;
