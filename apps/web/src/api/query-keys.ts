export const queryKeys = {
  me: ['me'] as const,
  institution: ['institution'] as const,
  accounts: ['accounts'] as const,
  beneficiaries: ['beneficiaries'] as const,
  operations: (accountId: string) => ['accounts', accountId, 'operations'] as const,
  transfers: ['transfers'] as const,
  cards: ['cards'] as const,
  cardActivity: (cardId: string) => ['cards', cardId, 'activity'] as const,
  /** Online payments to confirm (3-D Secure); not under `cards`, which the card events invalidate. */
  cardAuthentications: ['card-authentications'] as const,
  /** Collections, mandates and rules share one prefix: one invalidation refreshes the screen. */
  directDebits: ['direct-debits'] as const,
  /** The customer's identity change requests (their profile's section). */
  identityChanges: ['identity-change-requests'] as const,
};
