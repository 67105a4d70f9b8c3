import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@comptoir/contracts';
import { notificationsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/** The customer's notifications (`/api/notifications…`) and e-mail preferences. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

const PAGE = 20;

/** Newest first, page by page (« Notifications plus anciennes »); refreshed by the live event. */
export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: notificationKeys.list,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiCall(notificationsRoutes.getNotifications, {
        query: { limit: PAGE, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** The bell's count; set by each `notification` live event, read once at start. */
export const useUnreadNotifications = () =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) =>
      (await apiCall(notificationsRoutes.getNotifications, { query: { limit: 1 }, signal })).unreadCount,
  });

/** Marks the given notifications read, or all of them. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly string[]) =>
      apiCall(notificationsRoutes.postNotificationsRead, {
        body: ids ? { ids: [...ids] } : {},
      }),
    onSuccess: ({ unreadCount }) => queryClient.setQueryData(notificationKeys.unread, unreadCount),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => apiCall(notificationsRoutes.getMeNotificationPreferences, { signal }),
  });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiCall(notificationsRoutes.putMeNotificationPreferences, {
        body: preferences,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
