import { accountsRoutes } from './accounts.ts';
import { assetFreezesRoutes } from './asset-freezes.ts';
import { authRoutes } from './auth.ts';
import { beneficiariesRoutes } from './beneficiaries.ts';
import { cardsRoutes } from './cards.ts';
import { cardsSandboxRoutes } from './cards-sandbox.ts';
import { cardAuthenticationsRoutes } from './card-authentications.ts';
import { closureRoutes } from './closure.ts';
import { contactRoutes } from './contact.ts';
import { contactBackofficeRoutes } from './contact-backoffice.ts';
import { dataExportRoutes } from './data-export.ts';
import { directDebitsRoutes } from './direct-debits.ts';
import { documentRequestsRoutes } from './document-requests.ts';
import { documentRequestsBackofficeRoutes } from './document-requests-backoffice.ts';
import { eventsRoutes } from './events.ts';
import { healthRoutes } from './health.ts';
import { identityChangesRoutes } from './identity-changes.ts';
import { identityChangesBackofficeRoutes } from './identity-changes-backoffice.ts';
import { institutionRoutes } from './institution.ts';
import { manualEntriesRoutes } from './manual-entries.ts';
import { messagesRoutes } from './messages.ts';
import { messagesBackofficeRoutes } from './messages-backoffice.ts';
import { notificationsRoutes } from './notifications.ts';
import { onboardingRoutes } from './onboarding.ts';
import { monitoringRoutes } from './monitoring.ts';
import { heldCreditsRoutes } from './held-credits.ts';
import { fraudReportsRoutes } from './fraud-reports.ts';
import { psd2Routes } from './psd2.ts';
import { pushRoutes } from './push.ts';
import { operatorsRoutes } from './operators.ts';
import { operatorsAdminRoutes } from './operators-admin.ts';
import { reviewRoutes } from './review.ts';
import { sanctionsListsRoutes } from './sanctions-lists.ts';
import { sandboxRoutes } from './sandbox.ts';
import { sandboxRailRoutes } from './sandbox-rail.ts';
import { scaRoutes } from './sca.ts';
import { screeningAlertsRoutes } from './screening-alerts.ts';
import { screeningRecordsRoutes } from './screening-records.ts';
import { sessionsRoutes } from './sessions.ts';
import { spacesRoutes } from './spaces.ts';
import { statementsRoutes } from './statements.ts';
import { transfersRoutes } from './transfers.ts';

export * from './define-route.ts';

// Each area's routes by themselves: a client bundles only the schemas of the routes it calls.
export {
  accountsRoutes,
  assetFreezesRoutes,
  authRoutes,
  beneficiariesRoutes,
  cardAuthenticationsRoutes,
  cardsRoutes,
  cardsSandboxRoutes,
  closureRoutes,
  contactBackofficeRoutes,
  contactRoutes,
  dataExportRoutes,
  directDebitsRoutes,
  documentRequestsBackofficeRoutes,
  documentRequestsRoutes,
  eventsRoutes,
  healthRoutes,
  identityChangesBackofficeRoutes,
  identityChangesRoutes,
  institutionRoutes,
  manualEntriesRoutes,
  messagesBackofficeRoutes,
  messagesRoutes,
  notificationsRoutes,
  onboardingRoutes,
  operatorsAdminRoutes,
  operatorsRoutes,
  monitoringRoutes,
  heldCreditsRoutes,
  fraudReportsRoutes,
  psd2Routes,
  pushRoutes,
  reviewRoutes,
  sanctionsListsRoutes,
  sandboxRailRoutes,
  sandboxRoutes,
  scaRoutes,
  screeningAlertsRoutes,
  screeningRecordsRoutes,
  sessionsRoutes,
  spacesRoutes,
  statementsRoutes,
  transfersRoutes,
};

/**
 * Every API route, declared once: the server registers from it, the web calls through it and the
 * OpenAPI document is made from it. The key is the operation's `operationId`.
 */
export const routes = {
  ...accountsRoutes,
  ...assetFreezesRoutes,
  ...authRoutes,
  ...beneficiariesRoutes,
  ...cardsRoutes,
  ...cardsSandboxRoutes,
  ...cardAuthenticationsRoutes,
  ...closureRoutes,
  ...contactRoutes,
  ...contactBackofficeRoutes,
  ...dataExportRoutes,
  ...directDebitsRoutes,
  ...documentRequestsRoutes,
  ...documentRequestsBackofficeRoutes,
  ...eventsRoutes,
  ...healthRoutes,
  ...identityChangesRoutes,
  ...identityChangesBackofficeRoutes,
  ...institutionRoutes,
  ...manualEntriesRoutes,
  ...messagesRoutes,
  ...messagesBackofficeRoutes,
  ...notificationsRoutes,
  ...onboardingRoutes,
  ...operatorsRoutes,
  ...operatorsAdminRoutes,
  ...monitoringRoutes,
  ...heldCreditsRoutes,
  ...fraudReportsRoutes,
  ...psd2Routes,
  ...pushRoutes,
  ...reviewRoutes,
  ...sanctionsListsRoutes,
  ...sandboxRoutes,
  ...sandboxRailRoutes,
  ...scaRoutes,
  ...screeningAlertsRoutes,
  ...screeningRecordsRoutes,
  ...sessionsRoutes,
  ...spacesRoutes,
  ...statementsRoutes,
  ...transfersRoutes,
} as const;

export type RouteName = keyof typeof routes;
