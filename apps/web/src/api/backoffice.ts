import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApproveResponse,
  BackofficeCustomerDetail,
  BackofficeCustomersPage,
  BackofficeCustomerUpdate,
  BackofficeDocument,
  RejectRequest,
  RequestCorrectionsRequest,
  ReviewStatusResponse,
  type CustomerStatus,
} from '@comptoir/contracts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, problemToApiError } from './api-error.ts';
import { boRequest, markOperatorContact, setOperatorSessionLost } from './backoffice-session.ts';

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

const customersUrl = ({ status, q, cursor }: CustomersFilters): string => {
  const params = new URLSearchParams({ limit: String(CUSTOMERS_PAGE_SIZE) });
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return `/customers?${params.toString()}`;
};

/** The customers table: applications to review first (the server's order), filtered and paged. */
export const useCustomers = (filters: CustomersFilters) =>
  useQuery({
    queryKey: backofficeKeys.customers(filters),
    queryFn: ({ signal }) =>
      boRequest('GET', customersUrl(filters), { schema: BackofficeCustomersPage, signal }),
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: backofficeKeys.customer(id),
    queryFn: ({ signal }) =>
      boRequest('GET', `/customers/${encodeURIComponent(id)}`, { schema: BackofficeCustomerDetail, signal }),
    ...fresh,
  });

export const useCustomerDocuments = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: backofficeKeys.documents(id),
    queryFn: ({ signal }) =>
      boRequest('GET', `/customers/${encodeURIComponent(id)}/documents`, {
        schema: z.array(BackofficeDocument),
        signal,
      }),
    enabled,
    ...fresh,
  });

/**
 * One document's bytes (`GET /api/backoffice/documents/{id}`, audited by the server on every call),
 * as a Blob for an object URL: never a public link, never cached.
 */
export async function fetchDocumentBlob(id: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/backoffice/documents/${encodeURIComponent(id)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: signal ?? null,
    });
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

const customerPath = (id: string, action = '') => `/customers/${encodeURIComponent(id)}${action}`;

export const useApprove = (id: string) =>
  useCustomerMutation(id, () => boRequest('POST', customerPath(id, '/approve'), { schema: ApproveResponse }));

export const useRequestCorrections = (id: string) =>
  useCustomerMutation(id, (body: z.input<typeof RequestCorrectionsRequest>) =>
    boRequest('POST', customerPath(id, '/request-corrections'), {
      body: RequestCorrectionsRequest.parse(body),
      schema: ReviewStatusResponse,
    }),
  );

export const useReject = (id: string) =>
  useCustomerMutation(id, (body: RejectRequest) =>
    boRequest('POST', customerPath(id, '/reject'), {
      body: RejectRequest.parse(body),
      schema: ReviewStatusResponse,
    }),
  );

export const useUpdateCustomer = (id: string) =>
  useCustomerMutation(id, (body: BackofficeCustomerUpdate) =>
    boRequest('PATCH', customerPath(id), {
      body: BackofficeCustomerUpdate.parse(body),
      schema: BackofficeCustomerDetail,
    }),
  );
