import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BackofficeDocumentRequest,
  CreateDocumentRequest,
  DocumentRequest,
  DocumentRequestDecision,
  RejectDocumentRequest,
} from '@comptoir/contracts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, problemToApiError } from './api-error.ts';
import { boRequest, markOperatorContact, setOperatorSessionLost } from './backoffice-session.ts';
import { api } from './client.ts';
import { uploadFile } from './onboarding-upload.ts';

/** Document requests (SPEC §5, §7): the customer's dialog and the back office's section. */

export const documentRequestKeys = {
  mine: ['document-requests'] as const,
  customer: (id: string) => ['backoffice', 'customer', id, 'document-requests'] as const,
};

/** The customer's requests; read again at each load of the customer area (the dialog's « every visit »). */
export const useMyDocumentRequests = () =>
  useQuery({
    queryKey: documentRequestKeys.mine,
    queryFn: ({ signal }) => api.get('/api/document-requests', z.array(DocumentRequest), signal),
    staleTime: 30_000,
  });

export function useUploadRequestDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, file }: { requestId: string; file: File }) =>
      uploadFile(
        `/api/document-requests/${encodeURIComponent(requestId)}/documents`,
        {},
        file,
        DocumentRequest,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentRequestKeys.mine }),
  });
}

const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const useCustomerDocumentRequests = (customerId: string, enabled: boolean) =>
  useQuery({
    queryKey: documentRequestKeys.customer(customerId),
    queryFn: ({ signal }) =>
      boRequest('GET', `/customers/${encodeURIComponent(customerId)}/document-requests`, {
        schema: z.array(BackofficeDocumentRequest),
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
    boRequest('POST', `/customers/${encodeURIComponent(customerId)}/document-requests`, {
      body: CreateDocumentRequest.parse(body),
      schema: BackofficeDocumentRequest,
    }),
  );

export const useAcceptDocumentRequest = (customerId: string) =>
  useRequestsMutation(customerId, (requestId: string) =>
    boRequest('POST', `/document-requests/${encodeURIComponent(requestId)}/accept`, {
      schema: DocumentRequestDecision,
    }),
  );

export const useRejectDocumentRequest = (customerId: string) =>
  useRequestsMutation(customerId, ({ requestId, reason }: { requestId: string; reason: string }) =>
    boRequest('POST', `/document-requests/${encodeURIComponent(requestId)}/reject`, {
      body: RejectDocumentRequest.parse({ reason }),
      schema: DocumentRequestDecision,
    }),
  );

/** One file a customer sent (audited by the server on every call), as a Blob for an object URL. */
export async function fetchRequestFileBlob(
  requestId: string,
  fileId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(
      `/api/backoffice/document-requests/${encodeURIComponent(requestId)}/documents/${encodeURIComponent(fileId)}`,
      { credentials: 'same-origin', cache: 'no-store', signal: signal ?? null },
    );
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'unavailable', detail: i18n.t('errors.network') });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const error = problemToApiError(response.status, body, i18n.t('errors.generic'));
    if (error.status === 401) setOperatorSessionLost(error);
    throw error;
  }
  markOperatorContact();
  return response.blob();
}
