import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MessagesPage,
  MyAdviser,
  SecureMessage,
  SendMessageRequest,
  UnreadMessages,
} from '@comptoir/contracts';
import { apiRequest } from './client.ts';

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
    queryFn: ({ signal }) => apiRequest('GET', '/api/me/adviser', { schema: MyAdviser, signal }),
  });

/** The thread, newest first, page by page (« Messages plus anciens »). */
export const useThread = () =>
  useInfiniteQuery({
    queryKey: messageKeys.thread,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(
        'GET',
        `/api/messages?limit=${THREAD_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: MessagesPage, signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });

/** How many bank messages are unread (the navigation's badge); refreshed by the `message` live event. */
export const useUnreadMessages = () =>
  useQuery({
    queryKey: messageKeys.unread,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/api/messages?limit=1', { schema: MessagesPage, signal })).unread,
  });

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest('POST', '/api/messages', {
        body: SendMessageRequest.parse({ body }),
        schema: SecureMessage,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread }),
  });
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/messages/read', { schema: UnreadMessages }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(messageKeys.unread, unread);
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
    },
  });
}
