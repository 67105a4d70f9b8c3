import type { OperatorRole } from '@comptoir/contracts';
import { useOperatorState } from '../api/backoffice-session.ts';

/**
 * What each role may use (docs/product/back-office.md#roles), mirroring the server's guards so that the screens hide what
 * a role cannot do. The server decides (403 otherwise); this only spares the operator a dead end.
 */
export const PERMISSIONS = {
  customers: ['admin', 'compliance', 'support'],
  review: ['admin', 'compliance'],
  /** The direct-debit claims queue and its decisions, as identity changes (role-matrix.test.ts). */
  directDebitClaims: ['admin', 'compliance'],
  contactInbox: ['admin', 'compliance', 'support'],
  auditLog: ['admin', 'compliance'],
  operators: ['admin'],
  sandbox: ['admin', 'compliance'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export const roleCan = (role: OperatorRole | null, permission: Permission): boolean =>
  role !== null && (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);

/** The signed-in operator's rights (nothing when signed out). */
export function useCan(): (permission: Permission) => boolean {
  const state = useOperatorState();
  const role = state.data?.stage === 'signedIn' ? state.data.operator.role : null;
  return (permission) => roleCan(role, permission);
}
