/**
 * The navigation state with which the app goes to /connexion when the bank closed the customer's
 * account while they were signed in (live event `signed_out`, reason `closed`): the sign-in page
 * then says so.
 */
export const ACCOUNT_CLOSED_STATE = { accountClosed: true } as const;

/** Whether a location's state is the one above (any other state, or none, is not). */
export const isAccountClosedState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'accountClosed' in state && state.accountClosed === true;
