import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AcceptIdentityChangeRequest, RejectIdentityChangeRequest } from '@comptoir/contracts';
import { identityChangesBackofficeRoutes, identityChangesRoutes } from '@comptoir/contracts/client';
import { boCall, boDownload } from './backoffice-session.ts';
import { apiCall } from './client.ts';
import { uploadFile } from './onboarding-upload.ts';
import { queryKeys } from './query-keys.ts';

/** Identity change requests (docs/product/profile-and-security.md#profil): the customer's dialog and the back office's section. */

export const identityChangeKeys = {
  mine: queryKeys.identityChanges,
  customer: (id: string) => ['backoffice', 'customer', id, 'identity-change-requests'] as const,
};

export const useMyIdentityChanges = () =>
  useQuery({
    queryKey: identityChangeKeys.mine,
    queryFn: ({ signal }) => apiCall(identityChangesRoutes.getIdentityChangeRequests, { signal }),
  });

/** The text fields (only those filled in) and the supporting document, in one multipart request. */
export function useRequestIdentityChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: Record<string, string>; file: File }) =>
      uploadFile(identityChangesRoutes.postIdentityChangeRequests, {}, fields, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: identityChangeKeys.mine }),
  });
}

const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const useCustomerIdentityChanges = (customerId: string) =>
  useQuery({
    queryKey: identityChangeKeys.customer(customerId),
    queryFn: ({ signal }) =>
      boCall(identityChangesBackofficeRoutes.getBackofficeCustomersByIdIdentityChangeRequests, {
        params: { id: customerId },
        signal,
      }),
    ...fresh,
  });

function useDecision<TBody>(customerId: string, run: (body: TBody) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The customer's identity shown in the panel changes with an acceptance.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['backoffice', 'customer', customerId] }),
  });
}

export const useAcceptIdentityChange = (customerId: string) =>
  useDecision(customerId, ({ requestId, note }: { requestId: string; note: string }) =>
    boCall(identityChangesBackofficeRoutes.postBackofficeIdentityChangeRequestsByIdAccept, {
      params: { id: requestId },
      body: AcceptIdentityChangeRequest.parse(note.trim() ? { note } : {}),
    }),
  );

export const useRejectIdentityChange = (customerId: string) =>
  useDecision(customerId, ({ requestId, reason }: { requestId: string; reason: string }) =>
    boCall(identityChangesBackofficeRoutes.postBackofficeIdentityChangeRequestsByIdReject, {
      params: { id: requestId },
      body: RejectIdentityChangeRequest.parse({ reason }),
    }),
  );

/** The supporting document (audited by the server on every call), as a Blob for an object URL. */
export const fetchIdentityDocumentBlob = (requestId: string): Promise<Blob> =>
  boDownload(identityChangesBackofficeRoutes.getBackofficeIdentityChangeRequestsByIdDocument, {
    params: { id: requestId },
  });
