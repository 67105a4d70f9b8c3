// Strong customer authentication (PSD2 SCA with dynamic linking, SPEC §6 and §10).
//
// A protected call (adding a beneficiary, a transfer, revealing a card, removing a second factor)
// carries `X-SCA-Token`: a single-use token, valid 5 minutes, obtained by verifying a challenge that
// was created for the exact action and details of that call. The server recomputes the details from
// the call itself (e.g. the beneficiary's IBAN and name, the amount) and refuses a token made for
// anything else with 401 `sca_required`.
import { z } from 'zod';
import { AmountCents, Id, text } from './common.ts';

/** Header carrying the single-use SCA token on a protected call. */
export const SCA_TOKEN_HEADER = 'x-sca-token';

export const TransferScaDetails = z.object({
  amount: AmountCents.positive(),
  /** Electronic format (no spaces, upper case). */
  payeeIban: text().min(15).max(34),
  payeeName: text().min(1).max(70),
});
export const BeneficiaryScaDetails = z.object({ iban: text().min(15).max(34) });
export const CardRevealScaDetails = z.object({ cardId: Id });
export const FactorRemovalScaDetails = z.object({ factorId: Id });

/** What the customer is asked to approve: the action and its exact details (dynamic linking). */
export const ScaChallengeRequest = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('transfer'), details: TransferScaDetails }),
    z.object({ action: z.literal('beneficiary'), details: BeneficiaryScaDetails }),
    z.object({ action: z.literal('card_reveal'), details: CardRevealScaDetails }),
    z.object({ action: z.literal('factor_removal'), details: FactorRemovalScaDetails }),
  ])
  .meta({ id: 'ScaChallengeRequest' });
export type ScaChallengeRequest = z.infer<typeof ScaChallengeRequest>;
export type ScaAction = ScaChallengeRequest['action'];
export const SCA_ACTIONS = [
  'transfer',
  'beneficiary',
  'card_reveal',
  'factor_removal',
] as const satisfies readonly ScaAction[];
/** The details of one action, as the protected call must match them. */
export type ScaDetails<A extends ScaAction> = Extract<ScaChallengeRequest, { action: A }>['details'];

export const ScaFactorType = z.enum(['totp', 'passkey']);
export type ScaFactorType = z.infer<typeof ScaFactorType>;
