import type { HeldCredit, HeldCreditStatus } from '@comptoir/contracts';

/**
 * The rules of the « Virements retenus » screen (docs/held-credits.md): a held credit's badge
 * colour, names, and which steps an operator is offered. The server decides again (four eyes).
 */

export const HELD_CREDIT_COLORS: Record<HeldCreditStatus, string> = {
  held: 'orange',
  release_proposed: 'teal',
  return_proposed: 'grape',
  released: 'gray',
  returned: 'red',
};

/** « Jeanne Martin »; empty once the customer is anonymised. */
export const heldCustomerName = (customer: HeldCredit['customer']): string =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ');

/** Who took a step: their name, else their e-mail. */
export const heldOperatorName = (operator: { name: string; email: string }): string =>
  operator.name || operator.email;

/** What an operator is offered on a held credit. */
export interface HeldCreditActions {
  proposeRelease: boolean;
  proposeReturn: boolean;
  /** Shown whenever a proposal waits: the server refuses its proposer, in its own words. */
  approve: boolean;
  /** This operator made the proposal waiting: another must approve it. */
  ownProposal: boolean;
}

/**
 * While undecided, either proposal may be made — the other one replaces a pending proposal, the
 * same one twice is refused — and a proposal waiting may be approved; nothing once decided.
 */
export function heldCreditActions(
  h: Pick<HeldCredit, 'status' | 'proposal'>,
  operatorId: string | null,
): HeldCreditActions {
  const none = { proposeRelease: false, proposeReturn: false, approve: false, ownProposal: false };
  if (operatorId === null) return none;
  switch (h.status) {
    case 'held':
      return { ...none, proposeRelease: true, proposeReturn: true };
    case 'release_proposed':
    case 'return_proposed':
      return {
        proposeRelease: h.status !== 'release_proposed',
        proposeReturn: h.status !== 'return_proposed',
        approve: true,
        ownProposal: h.proposal?.by.id === operatorId,
      };
    case 'released':
    case 'returned':
      return none;
  }
}

/** An incoming credit from another bank, still on the customer's account: one a case may hold. */
export const canHold = (operation: { amount: number; counterpartyIban: string | null }): boolean =>
  operation.amount > 0 && operation.counterpartyIban !== null;
