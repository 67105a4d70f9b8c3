import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/** The customer's adviser and secure messages (`/api/me/adviser`, `/api/messages…`). */
export const messageKeys = {
  all: ['messages'] as const,
  thread: ['messages', 'thread'] as const,
  unread: ['messages', 'unread'] as const,
  adviser: ['adviser'] as const,
};

const THREAD_PAGE = 20;

export const useMyAdviser = () =>
  useQuery({
    queryKey: messageKeys.adviser,
    queryFn: ({ signal }) => apiCall(messagesRoutes.getMeAdviser, { signal }),
  });

/** The thread, newest first, page by page (« Messages plus anciens »). */
export const useThread = () =>
  useInfiniteQuery({
    queryKey: messageKeys.thread,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiCall(messagesRoutes.getMessages, {
        query: { limit: THREAD_PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** How many bank messages are unread (the navigation's badge); refreshed by the `message` live event. */
export const useUnreadMessages = () =>
  useQuery({
    queryKey: messageKeys.unread,
    queryFn: async ({ signal }) =>
      (await apiCall(messagesRoutes.getMessages, { query: { limit: 1 }, signal })).unread,
  });

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiCall(messagesRoutes.postMessages, { body: { body } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread }),
  });
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(messagesRoutes.postMessagesRead),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(messageKeys.unread, unread);
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
    },
  });
}
