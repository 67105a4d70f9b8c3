import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LiftFreezeRequest,
  ScreeningApprovalRequest,
  ScreeningDecisionRequest,
  UpdateScreeningSettingsRequest,
  type AssetFreezesQuery,
  type ScreeningAlertsQuery,
} from '@comptoir/contracts';
import {
  assetFreezesRoutes,
  sanctionsListsRoutes,
  screeningAlertsRoutes,
  screeningRecordsRoutes,
} from '@comptoir/contracts/client';
import { isApiError } from './api-error.ts';
import { boCall, markOperatorContact, setOperatorSessionLost } from './backoffice-session.ts';
import { uploadFile } from './onboarding-upload.ts';

/**
 * Sanctions screening in the back office (docs/screening.md): the « Criblage » queue and its
 * decisions under four eyes, the freezes and their lifting, the list versions and their upload, the
 * threshold and the state; a customer's screenings and freezes in their file.
 */
export const screeningKeys = {
  all: ['backoffice', 'screening'] as const,
  alertsAll: ['backoffice', 'screening', 'alerts'] as const,
  alerts: (status: ScreeningAlertsQuery['status']) => ['backoffice', 'screening', 'alerts', status] as const,
  freezesAll: ['backoffice', 'screening', 'freezes'] as const,
  freezes: (status: AssetFreezesQuery['status']) => ['backoffice', 'screening', 'freezes', status] as const,
  lists: ['backoffice', 'screening', 'lists'] as const,
  settings: ['backoffice', 'screening', 'settings'] as const,
  status: ['backoffice', 'screening', 'status'] as const,
  customerScreenings: (id: string, cursor: string | null) =>
    ['backoffice', 'customer', id, 'screenings', cursor] as const,
  customerScreeningsAll: (id: string) => ['backoffice', 'customer', id, 'screenings'] as const,
  customerFreezes: (id: string) => ['backoffice', 'customer', id, 'freezes'] as const,
};

/** Every read shows the current state; nothing is refetched on a timer (each call slides the idle window). */
const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const CUSTOMER_SCREENINGS_PAGE_SIZE = 10;

// ── Alerts ──────────────────────────────────────────────────────────────────────────────────────

/** The queue (open and proposed, oldest first) or the closed alerts (newest first). */
export const useScreeningAlerts = (status: ScreeningAlertsQuery['status']) =>
  useQuery({
    queryKey: screeningKeys.alerts(status),
    queryFn: ({ signal }) =>
      boCall(screeningAlertsRoutes.getBackofficeScreeningAlerts, { query: { status }, signal }),
    ...fresh,
  });

/** What a decision or an approval may change: the queue, the freezes, the customer's file. */
function useAfterAlertStep() {
  const queryClient = useQueryClient();
  return (customerId: string) => {
    void queryClient.invalidateQueries({ queryKey: screeningKeys.alertsAll });
    void queryClient.invalidateQueries({ queryKey: screeningKeys.freezesAll });
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'customer', customerId] });
  };
}

/** « Faux positif » (closes it) or « Confirmer la correspondance » (proposes it), with a note. */
export function useDecideScreeningAlert() {
  const after = useAfterAlertStep();
  return useMutation({
    mutationFn: ({ alertId, body }: { alertId: string; body: ScreeningDecisionRequest }) =>
      boCall(screeningAlertsRoutes.postBackofficeScreeningAlertsByIdDecision, {
        params: { id: alertId },
        body: ScreeningDecisionRequest.parse(body),
      }),
    onSuccess: (alert) => after(alert.subject.customer.id),
  });
}

/** « Approuver le gel »: a second operator's approval of a proposed confirmation freezes at once. */
export function useApproveScreeningConfirmation() {
  const after = useAfterAlertStep();
  return useMutation({
    mutationFn: ({ alertId, body }: { alertId: string; body: ScreeningApprovalRequest }) =>
      boCall(screeningAlertsRoutes.postBackofficeScreeningAlertsByIdApprove, {
        params: { id: alertId },
        body: ScreeningApprovalRequest.parse(body),
      }),
    onSuccess: (alert) => after(alert.subject.customer.id),
  });
}

// ── Freezes ─────────────────────────────────────────────────────────────────────────────────────

/** Freezes in force (with a lifting proposed) or lifted, newest first. */
export const useAssetFreezes = (status: AssetFreezesQuery['status']) =>
  useQuery({
    queryKey: screeningKeys.freezes(status),
    queryFn: ({ signal }) =>
      boCall(assetFreezesRoutes.getBackofficeScreeningFreezes, { query: { status }, signal }),
    ...fresh,
  });

/** One customer's freezes and payee blocks, newest first (admin and compliance only). */
export const useCustomerFreezes = (customerId: string) =>
  useQuery({
    queryKey: screeningKeys.customerFreezes(customerId),
    queryFn: ({ signal }) =>
      boCall(assetFreezesRoutes.getBackofficeCustomersByIdFreezes, { params: { id: customerId }, signal }),
    ...fresh,
  });

function useAfterFreezeStep() {
  const queryClient = useQueryClient();
  return (customerId: string) => {
    void queryClient.invalidateQueries({ queryKey: screeningKeys.freezesAll });
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'customer', customerId] });
  };
}

/** « Proposer la levée »: a reason (délistage or décision) and a note; another operator approves. */
export function useProposeFreezeLift() {
  const after = useAfterFreezeStep();
  return useMutation({
    mutationFn: ({ freezeId, body }: { freezeId: string; body: LiftFreezeRequest }) =>
      boCall(assetFreezesRoutes.postBackofficeScreeningFreezesByIdLift, {
        params: { id: freezeId },
        body: LiftFreezeRequest.parse(body),
      }),
    onSuccess: (freeze) => after(freeze.customer.id),
  });
}

/** « Approuver la levée »: the freeze ends. */
export function useApproveFreezeLift() {
  const after = useAfterFreezeStep();
  return useMutation({
    mutationFn: (freezeId: string) =>
      boCall(assetFreezesRoutes.postBackofficeScreeningFreezesByIdApproveLift, { params: { id: freezeId } }),
    onSuccess: (freeze) => after(freeze.customer.id),
  });
}

// ── The list ────────────────────────────────────────────────────────────────────────────────────

/** Every version of the list, newest first (the first is in force). */
export const useSanctionsListVersions = () =>
  useQuery({
    queryKey: screeningKeys.lists,
    queryFn: ({ signal }) => boCall(sanctionsListsRoutes.getBackofficeSanctionsLists, { signal }),
    ...fresh,
  });

/**
 * « Charger une liste »: the XML file as multipart. A refused file (malformed, too large) answers
 * the server's French reason; the same file again answers the version in force, `unchanged`.
 */
export function useUploadSanctionsList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      try {
        const result = await uploadFile(sanctionsListsRoutes.postBackofficeSanctionsLists, {}, {}, file);
        markOperatorContact();
        return result;
      } catch (error) {
        if (isApiError(error) && error.status === 401) setOperatorSessionLost(error);
        throw error;
      }
    },
    onSuccess: (result) => {
      if (result.unchanged) return;
      // A new version screens everyone again: the state, and soon the queue, change.
      void queryClient.invalidateQueries({ queryKey: screeningKeys.all });
    },
  });
}

// ── Settings and state ──────────────────────────────────────────────────────────────────────────

export const useScreeningSettings = () =>
  useQuery({
    queryKey: screeningKeys.settings,
    queryFn: ({ signal }) => boCall(screeningRecordsRoutes.getBackofficeScreeningSettings, { signal }),
    ...fresh,
  });

/** The match threshold (admin only, audited): the next screenings use it. */
export function useUpdateScreeningSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScreeningSettingsRequest) =>
      boCall(screeningRecordsRoutes.putBackofficeScreeningSettings, {
        body: UpdateScreeningSettingsRequest.parse(body),
      }),
    onSuccess: (settings) => queryClient.setQueryData(screeningKeys.settings, settings),
  });
}

/** The list in force, subjects due now, the last screening, customers never screened. */
export const useScreeningStatus = () =>
  useQuery({
    queryKey: screeningKeys.status,
    queryFn: ({ signal }) => boCall(screeningRecordsRoutes.getBackofficeScreeningStatus, { signal }),
    ...fresh,
  });

// ── A customer's records ────────────────────────────────────────────────────────────────────────

/** A customer's and their beneficiaries' screenings, newest first, a page per cursor, with the summary. */
export const useCustomerScreenings = (customerId: string, cursor: string | null) =>
  useQuery({
    queryKey: screeningKeys.customerScreenings(customerId, cursor),
    queryFn: ({ signal }) =>
      boCall(screeningRecordsRoutes.getBackofficeCustomersByIdScreenings, {
        params: { id: customerId },
        query: { limit: CUSTOMER_SCREENINGS_PAGE_SIZE, cursor: cursor ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...fresh,
  });
