import type { OperatorRole } from '@comptoir/contracts';
import {
  assetFreezesRoutes,
  contactBackofficeRoutes,
  directDebitsRoutes,
  fraudReportsRoutes,
  heldCreditsRoutes,
  monitoringRoutes,
  operatorsAdminRoutes,
  operatorsRoutes,
  psd2Routes,
  reviewRoutes,
  sandboxRoutes,
  screeningAlertsRoutes,
  screeningRecordsRoutes,
} from '@comptoir/contracts/client';
import { useOperatorState } from '../api/backoffice-session.ts';

/** The operator roles the route table lets call a route (none for a customer or public route). */
const rolesOf = (route: { readonly auth: unknown }): readonly OperatorRole[] => {
  const auth = route.auth as
    { operator?: readonly OperatorRole[]; sandbox?: readonly OperatorRole[] } | string;
  return typeof auth === 'object' ? (auth.operator ?? auth.sandbox ?? []) : [];
};

/**
 * What each role may use (docs/product/back-office.md#roles), read from the route table that the
 * server's guards also read, so that the screens hide what a role cannot do. The server decides (403
 * otherwise); this only spares the operator a dead end.
 */
export const PERMISSIONS = {
  customers: rolesOf(reviewRoutes.getBackofficeCustomers),
  review: rolesOf(reviewRoutes.postBackofficeCustomersByIdApprove),
  /** Deciding direct-debit claims (the queue is shown to those who decide them). */
  directDebitClaims: rolesOf(directDebitsRoutes.postBackofficeDirectDebitClaimsByIdDecision),
  contactInbox: rolesOf(contactBackofficeRoutes.getBackofficeContactMessages),
  auditLog: rolesOf(operatorsRoutes.getBackofficeAuditLog),
  operators: rolesOf(operatorsAdminRoutes.getBackofficeOperators),
  sandbox: rolesOf(sandboxRoutes.postSandboxIncomingTransfers),
  /** « Criblage »: the alerts queue and its decisions (the page is shown to those who decide). */
  screening: rolesOf(screeningAlertsRoutes.postBackofficeScreeningAlertsByIdDecision),
  /** Changing the match threshold (the others who see « Criblage » read it). */
  screeningSettings: rolesOf(screeningRecordsRoutes.putBackofficeScreeningSettings),
  /** A customer's screenings in their file. */
  screeningRecords: rolesOf(screeningRecordsRoutes.getBackofficeCustomersByIdScreenings),
  /** A customer's freezes in their file, and lifting them. */
  freezes: rolesOf(assetFreezesRoutes.getBackofficeCustomersByIdFreezes),
  /** « Surveillance »: the transaction-monitoring cases and their decisions (shown to those who decide). */
  monitoring: rolesOf(monitoringRoutes.postBackofficeMonitoringCasesByIdDecision),
  /** « Virements retenus »: holding incoming credits, releasing or returning them (four eyes). */
  heldCredits: rolesOf(heldCreditsRoutes.postBackofficeHeldCreditsByIdApprove),
  /** « Fraudes signalées »: the customers’ fraud reports, their decision and the flagged IBANs’ CSV. */
  fraudReports: rolesOf(fraudReportsRoutes.postBackofficeFraudReportsByIdDecision),
  /** « Tiers PSD2 »: the third-party providers seen by the PSD2 interface, and blocking one. */
  psd2Tpps: rolesOf(psd2Routes.postBackofficePsd2TppsByIdBlock),
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export const roleCan = (role: OperatorRole | null, permission: Permission): boolean =>
  role !== null && PERMISSIONS[permission].includes(role);

/** The signed-in operator's rights (nothing when signed out). */
export function useCan(): (permission: Permission) => boolean {
  const state = useOperatorState();
  const role = state.data?.stage === 'signedIn' ? state.data.operator.role : null;
  return (permission) => roleCan(role, permission);
}
