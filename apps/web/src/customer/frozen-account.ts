import type { Account } from '@comptoir/contracts';

/**
 * Whether an asset freeze holds the customer's funds: the server answers it on every account alike
 * (docs/screening.md#freezing-in-the-payment-paths). The screen then shows the neutral banner only —
 * never why, nor which list.
 */
export const fundsFrozen = (accounts: readonly Account[] | undefined): boolean =>
  accounts?.some((account) => account.frozen) ?? false;
