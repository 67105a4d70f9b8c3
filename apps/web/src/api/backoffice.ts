import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BackofficeCustomerUpdate,
  RejectRequest,
  RequestCorrectionsRequest,
  type CustomerStatus,
} from '@comptoir/contracts';
import { reviewRoutes } from '@comptoir/contracts/client';
import { boCall, boDownload } from './backoffice-session.ts';

export const CUSTOMERS_PAGE_SIZE = 20;

/**
 * An operator opening a list or a file sees its current state (no cache reuse), and nothing is
 * refetched on a timer or on focus: every call slides the operator's idle window.
 */
const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const backofficeKeys = {
  customers: (filters: CustomersFilters) => ['backoffice', 'customers', filters] as const,
  customersAll: ['backoffice', 'customers'] as const,
  customer: (id: string) => ['backoffice', 'customer', id] as const,
  documents: (id: string) => ['backoffice', 'customer', id, 'documents'] as const,
};

export interface CustomersFilters {
  status: CustomerStatus | null;
  q: string;
  cursor: string | null;
}

const customersQuery = ({ status, q, cursor }: CustomersFilters) => ({
  limit: CUSTOMERS_PAGE_SIZE,
  status: status ?? undefined,
  q: q.trim(),
  cursor: cursor ?? undefined,
});

/** The customers table: applications to review first (the server's order), filtered and paged. */
export const useCustomers = (filters: CustomersFilters) =>
  useQuery({
    queryKey: backofficeKeys.customers(filters),
    queryFn: ({ signal }) =>
      boCall(reviewRoutes.getBackofficeCustomers, { query: customersQuery(filters), signal }),
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: backofficeKeys.customer(id),
    queryFn: ({ signal }) => boCall(reviewRoutes.getBackofficeCustomersById, { params: { id }, signal }),
    ...fresh,
  });

export const useCustomerDocuments = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: backofficeKeys.documents(id),
    queryFn: ({ signal }) =>
      boCall(reviewRoutes.getBackofficeCustomersByIdDocuments, { params: { id }, signal }),
    enabled,
    ...fresh,
  });

/**
 * One document's bytes (`GET /api/backoffice/documents/{id}`, audited by the server on every call),
 * as a Blob for an object URL: never a public link, never cached.
 */
export const fetchDocumentBlob = (id: string, signal?: AbortSignal): Promise<Blob> =>
  boDownload(reviewRoutes.getBackofficeDocumentsById, { params: { id }, signal });

function useCustomerMutation<TBody, TResult>(id: string, run: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Not awaited: the caller's own callbacks (toast, closing the dialog) run before the file
    // reloads — a reload that may well remove the dialog (an approved file has no decision left).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.customer(id) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.customersAll });
    },
  });
}

export const useApprove = (id: string) =>
  useCustomerMutation(id, () => boCall(reviewRoutes.postBackofficeCustomersByIdApprove, { params: { id } }));

export const useRequestCorrections = (id: string) =>
  useCustomerMutation(id, (body: z.input<typeof RequestCorrectionsRequest>) =>
    boCall(reviewRoutes.postBackofficeCustomersByIdRequestCorrections, {
      params: { id },
      body: RequestCorrectionsRequest.parse(body),
    }),
  );

export const useReject = (id: string) =>
  useCustomerMutation(id, (body: RejectRequest) =>
    boCall(reviewRoutes.postBackofficeCustomersByIdReject, {
      params: { id },
      body: RejectRequest.parse(body),
    }),
  );

export const useUpdateCustomer = (id: string) =>
  useCustomerMutation(id, (body: BackofficeCustomerUpdate) =>
    boCall(reviewRoutes.patchBackofficeCustomersById, {
      params: { id },
      body: BackofficeCustomerUpdate.parse(body),
    }),
  );
