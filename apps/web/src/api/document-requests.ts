import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentRequestsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { uploadFile } from './onboarding-upload.ts';

/**
 * Document requests (docs/product/statements-and-documents.md#documents-the-bank-asks-for): the
 * customer's dialog. The back office's section: backoffice-document-requests.ts.
 */

export const documentRequestKeys = {
  mine: ['document-requests'] as const,
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
