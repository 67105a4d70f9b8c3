import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateFraudReportRequest, FraudReport } from '@comptoir/contracts';
import { fraudReportsRoutes, transfersRoutes } from '@comptoir/contracts/client';
import { apiCall, apiRequest } from './client.ts';
import { uploadFile } from './onboarding-upload.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The customer's fraud reports (docs/fraud-reports.md): « Signaler une fraude » from a transfer's
 * detail, and each report's status, read again on every credit (an accepted claim's refund).
 */
export const fraudReportKeys = {
  mine: ['fraud-reports'] as const,
  /** The account's recent transfers, under `transfers` so that a transfer's news reads them again. */
  recentTransfers: (accountId: string) => [...queryKeys.transfers, accountId, 'recent'] as const,
};

export const useMyFraudReports = () =>
  useQuery({
    queryKey: fraudReportKeys.mine,
    queryFn: ({ signal }) => apiCall(fraudReportsRoutes.getFraudReports, { signal }),
    staleTime: 30_000,
  });

/** How many recent transfers are looked through for the one an operation shows. */
const RECENT_TRANSFERS = 100;

/**
 * The executed transfer an operation of this account books, found by its `st-` number (a transfer
 * and its entry share it) among the account's recent transfers: what a report names. Undefined
 * while unknown, null when the operation is no such transfer.
 */
export function useExecutedTransfer(accountId: string, operationNumber: string, enabled: boolean) {
  const transfers = useQuery({
    queryKey: fraudReportKeys.recentTransfers(accountId),
    queryFn: ({ signal }) =>
      apiCall(transfersRoutes.getTransfers, { query: { accountId, limit: RECENT_TRANSFERS }, signal }),
    enabled,
    staleTime: 30_000,
  });
  if (!enabled) return null;
  if (!transfers.data) return undefined;
  return transfers.data.recent.find((t) => t.number === operationNumber && t.status === 'executed') ?? null;
}

/** A report as the form sends it: the police report's file, when there is one, goes as multipart. */
export interface FraudReportSubmission {
  body: CreateFraudReportRequest;
  file: File | null;
}

export function useReportFraud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: FraudReportSubmission): Promise<FraudReport> => {
      const request = CreateFraudReportRequest.parse(body);
      const route = fraudReportsRoutes.postFraudReports;
      if (file) return uploadFile(route, {}, { ...request }, file);
      return apiRequest('POST', route.path, { body: request, schema: FraudReport });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fraudReportKeys.mine }),
  });
}
