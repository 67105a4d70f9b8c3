import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreateDocumentRequest,
  documentRequestsBackofficeRoutes,
  documentRequestsRoutes,
  RejectDocumentRequest,
} from '@comptoir/contracts';
import { boCall, boDownload } from './backoffice-session.ts';
import { apiCall } from './client.ts';
import { uploadFile } from './onboarding-upload.ts';

/** Document requests (docs/product/statements-and-documents.md#documents-the-bank-asks-for): the customer's dialog and the back office's section. */

export const documentRequestKeys = {
  mine: ['document-requests'] as const,
  customer: (id: string) => ['backoffice', 'customer', id, 'document-requests'] as const,
};

/** The customer's requests; read again at each load of the customer area (the dialog's « every visit »). */
export const useMyDocumentRequests = () =>
  useQuery({
    queryKey: documentRequestKeys.mine,
    queryFn: ({ signal }) => apiCall(documentRequestsRoutes.getDocumentRequests, { signal }),
    staleTime: 30_000,
  });

export function useUploadRequestDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, file }: { requestId: string; file: File }) =>
      uploadFile(documentRequestsRoutes.postDocumentRequestsByIdDocuments, { id: requestId }, {}, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentRequestKeys.mine }),
  });
}

const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const useCustomerDocumentRequests = (customerId: string, enabled: boolean) =>
  useQuery({
    queryKey: documentRequestKeys.customer(customerId),
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
      void queryClient.invalidateQueries({ queryKey: documentRequestKeys.customer(customerId) }),
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
