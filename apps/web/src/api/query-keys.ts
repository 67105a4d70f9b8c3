export const queryKeys = {
  me: ['me'] as const,
  accounts: ['accounts'] as const,
  operations: (accountId: string) => ['accounts', accountId, 'operations'] as const,
};
