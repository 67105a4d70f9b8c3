import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  MonitoringApprovalRequest,
  MonitoringDecisionRequest,
  MonitoringNoteRequest,
  type MonitoringCase,
  type MonitoringCasesQuery,
} from '@comptoir/contracts';
import { monitoringRoutes } from '@comptoir/contracts/client';
import { boCall } from './backoffice-session.ts';

/**
 * Transaction monitoring in the back office (docs/monitoring.md): the « Surveillance » queue of
 * cases, one case with its hits and notes, its decisions under four eyes and the report's files.
 */
export const monitoringKeys = {
  all: ['backoffice', 'monitoring'] as const,
  casesAll: ['backoffice', 'monitoring', 'cases'] as const,
  cases: (status: MonitoringCasesQuery['status']) => ['backoffice', 'monitoring', 'cases', status] as const,
  case: (id: string) => ['backoffice', 'monitoring', 'case', id] as const,
};

/** Every read shows the current state; nothing is refetched on a timer (each call slides the idle window). */
const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

/** The queue (open and proposed, oldest first) or the closed cases (newest first). */
export const useMonitoringCases = (status: MonitoringCasesQuery['status']) =>
  useQuery({
    queryKey: monitoringKeys.cases(status),
    queryFn: ({ signal }) =>
      boCall(monitoringRoutes.getBackofficeMonitoringCases, { query: { status }, signal }),
    ...fresh,
  });

/** One case: the customer's file, the hits and their operations, notes, proposal, decision, timeline. */
export const useMonitoringCase = (id: string) =>
  useQuery({
    queryKey: monitoringKeys.case(id),
    queryFn: ({ signal }) =>
      boCall(monitoringRoutes.getBackofficeMonitoringCasesById, { params: { id }, signal }),
    ...fresh,
  });

/** Each step answers the case as it now is: shown at once, then the case and the queues read again. */
function useAfterCaseStep() {
  const queryClient = useQueryClient();
  return (updated: MonitoringCase) => {
    queryClient.setQueryData(monitoringKeys.case(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
  };
}

/** « Ajouter une note » on a case still open. */
export function useAddMonitoringNote() {
  const after = useAfterCaseStep();
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: string; body: MonitoringNoteRequest }) =>
      boCall(monitoringRoutes.postBackofficeMonitoringCasesByIdNotes, {
        params: { id: caseId },
        body: MonitoringNoteRequest.parse(body),
      }),
    onSuccess: after,
  });
}

/** « Classer sans suite » (closes it) or « Proposer une déclaration de soupçon » (its narrative as the note). */
export function useDecideMonitoringCase() {
  const after = useAfterCaseStep();
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: string; body: MonitoringDecisionRequest }) =>
      boCall(monitoringRoutes.postBackofficeMonitoringCasesByIdDecision, {
        params: { id: caseId },
        body: MonitoringDecisionRequest.parse(body),
      }),
    onSuccess: after,
  });
}

/** « Approuver la déclaration »: a second operator closes the case and the report is made. */
export function useApproveMonitoringReport() {
  const after = useAfterCaseStep();
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: string; body: MonitoringApprovalRequest }) =>
      boCall(monitoringRoutes.postBackofficeMonitoringCasesByIdApprove, {
        params: { id: caseId },
        body: MonitoringApprovalRequest.parse(body),
      }),
    onSuccess: after,
  });
}

/** The report's files, answered as attachments (each download audited): plain links. */
export const monitoringReportUrl = (caseId: string, format: 'pdf' | 'json'): string =>
  buildPath(
    format === 'pdf'
      ? monitoringRoutes.getBackofficeMonitoringCasesByIdReportPdf.path
      : monitoringRoutes.getBackofficeMonitoringCasesByIdReportJson.path,
    { id: caseId },
  );
