import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AssignAdviserRequest, SendMessageRequest } from '@comptoir/contracts';
import { messagesBackofficeRoutes } from '@comptoir/contracts/client';
import { boCall } from './backoffice-session.ts';

/** Adviser assignment and the bank's side of secure messages (under `/api/backoffice`). */
export const boMessageKeys = {
  adviser: (id: string) => ['backoffice', 'customer', id, 'adviser'] as const,
  thread: (id: string) => ['backoffice', 'customer', id, 'messages'] as const,
  unread: ['backoffice', 'messages', 'unread'] as const,
};

/**
 * While a thread is open it is read again every 10 s: there is no operator event stream. Each read
 * slides the server's idle window, but the browser still signs an operator out after 2 minutes
 * without a mouse move or key press (OperatorInactivity), whatever the calls.
 */
export const THREAD_REFRESH_MS = 10_000;

export const useAdviserOptions = (customerId: string) =>
  useQuery({
    queryKey: boMessageKeys.adviser(customerId),
    queryFn: ({ signal }) =>
      boCall(messagesBackofficeRoutes.getBackofficeCustomersByIdAdviser, {
        params: { id: customerId },
        signal,
      }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export function useAssignAdviser(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operatorId: string | null) =>
      boCall(messagesBackofficeRoutes.putBackofficeCustomersByIdAdviser, {
        params: { id: customerId },
        body: AssignAdviserRequest.parse({ operatorId }),
      }),
    onSuccess: (options) => queryClient.setQueryData(boMessageKeys.adviser(customerId), options),
  });
}

export const useCustomerThread = (customerId: string) =>
  useInfiniteQuery({
    queryKey: boMessageKeys.thread(customerId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      boCall(messagesBackofficeRoutes.getBackofficeCustomersByIdMessages, {
        params: { id: customerId },
        query: { limit: 20, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: THREAD_REFRESH_MS,
  });

export function useSendBankMessage(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      boCall(messagesBackofficeRoutes.postBackofficeCustomersByIdMessages, {
        params: { id: customerId },
        body: SendMessageRequest.parse({ body }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boMessageKeys.thread(customerId) }),
  });
}

/** Customers whose messages no operator has opened yet, read with the customers table. */
export const useUnreadByCustomer = () =>
  useQuery({
    queryKey: boMessageKeys.unread,
    queryFn: ({ signal }) => boCall(messagesBackofficeRoutes.getBackofficeMessagesUnread, { signal }),
    select: (data) => new Map(data.items.map((i) => [i.customerId, i.unread])),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
