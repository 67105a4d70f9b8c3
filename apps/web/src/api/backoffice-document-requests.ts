import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateDocumentRequest, RejectDocumentRequest } from '@comptoir/contracts';
import { documentRequestsBackofficeRoutes } from '@comptoir/contracts/client';
import { boCall, boDownload } from './backoffice-session.ts';

/** Document requests in the back office: a customer's requests, asking, accepting, refusing, the files. */

export const backofficeDocumentRequestKeys = {
  customer: (id: string) => ['backoffice', 'customer', id, 'document-requests'] as const,
};

const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const useCustomerDocumentRequests = (customerId: string, enabled: boolean) =>
  useQuery({
    queryKey: backofficeDocumentRequestKeys.customer(customerId),
    queryFn: ({ signal }) =>
      boCall(documentRequestsBackofficeRoutes.getBackofficeCustomersByIdDocumentRequests, {
        params: { id: customerId },
        signal,
      }),
    enabled,
    ...fresh,
  });

function useRequestsMutation<TBody, TResult>(customerId: string, run: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: backofficeDocumentRequestKeys.customer(customerId) }),
  });
}

export const useCreateDocumentRequest = (customerId: string) =>
  useRequestsMutation(customerId, (body: CreateDocumentRequest) =>
    boCall(documentRequestsBackofficeRoutes.postBackofficeCustomersByIdDocumentRequests, {
      params: { id: customerId },
      body: CreateDocumentRequest.parse(body),
    }),
  );

export const useAcceptDocumentRequest = (customerId: string) =>
  useRequestsMutation(customerId, (requestId: string) =>
    boCall(documentRequestsBackofficeRoutes.postBackofficeDocumentRequestsByIdAccept, {
      params: { id: requestId },
    }),
  );

export const useRejectDocumentRequest = (customerId: string) =>
  useRequestsMutation(customerId, ({ requestId, reason }: { requestId: string; reason: string }) =>
    boCall(documentRequestsBackofficeRoutes.postBackofficeDocumentRequestsByIdReject, {
      params: { id: requestId },
      body: RejectDocumentRequest.parse({ reason }),
    }),
  );

/** One file a customer sent (audited by the server on every call), as a Blob for an object URL. */
export async function fetchRequestFileBlob(
  requestId: string,
  fileId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  return boDownload(documentRequestsBackofficeRoutes.getBackofficeDocumentRequestsByIdDocumentsByDocId, {
    params: { id: requestId, docId: fileId },
    signal,
  });
}
