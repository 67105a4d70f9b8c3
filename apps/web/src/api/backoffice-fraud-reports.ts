import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  FraudReportDecisionRequest,
  type BackofficeFraudReport,
  type FraudReportsQuery,
} from '@comptoir/contracts';
import { fraudReportsRoutes } from '@comptoir/contracts/client';
import { boCall } from './backoffice-session.ts';

/**
 * Fraud reports in the back office (docs/fraud-reports.md): the « Fraudes signalées » queue, the
 * decision (an accepted impersonation claim is refunded), the police report's file and the CSV of
 * the flagged payee IBANs.
 */
export const fraudReportBoKeys = {
  all: ['backoffice', 'fraud-reports'] as const,
  list: (status: FraudReportsQuery['status']) => ['backoffice', 'fraud-reports', status] as const,
};

/** To decide (oldest first) or decided (newest decision first); nothing on a timer. */
export const useFraudReports = (status: FraudReportsQuery['status']) =>
  useQuery({
    queryKey: fraudReportBoKeys.list(status),
    queryFn: ({ signal }) =>
      boCall(fraudReportsRoutes.getBackofficeFraudReports, { query: { status }, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** « Accepter » or « Refuser », with the note; both queues are read again. */
export function useDecideFraudReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: FraudReportDecisionRequest;
    }): Promise<BackofficeFraudReport> =>
      boCall(fraudReportsRoutes.postBackofficeFraudReportsByIdDecision, {
        params: { id },
        body: FraudReportDecisionRequest.parse(body),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fraudReportBoKeys.all }),
  });
}

/** The police report's file: a plain link the server answers as an attachment, audited first. */
export const fraudReportFileUrl = (id: string): string =>
  buildPath(fraudReportsRoutes.getBackofficeFraudReportsByIdFile.path, { id });

/** The flagged payee IBANs, as CSV (every download audited). */
export const FLAGGED_PAYEES_CSV_URL = fraudReportsRoutes.getBackofficeFlaggedPayeesCsv.path;
