import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NotificationPreferences,
  NotificationsPage,
  ReadNotificationsRequest,
  UnreadNotifications,
} from '@comptoir/contracts';
import { apiRequest } from './client.ts';

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
      apiRequest(
        'GET',
        `/api/notifications?limit=${PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: NotificationsPage, signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });

/** The bell's count; set by each `notification` live event, read once at start. */
export const useUnreadNotifications = () =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/api/notifications?limit=1', { schema: NotificationsPage, signal }))
        .unreadCount,
  });

/** Marks the given notifications read, or all of them. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly string[]) =>
      apiRequest('POST', '/api/notifications/read', {
        body: ReadNotificationsRequest.parse(ids ? { ids } : {}),
        schema: UnreadNotifications,
      }),
    onSuccess: ({ unreadCount }) => queryClient.setQueryData(notificationKeys.unread, unreadCount),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/me/notification-preferences', { schema: NotificationPreferences, signal }),
  });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest('PUT', '/api/me/notification-preferences', {
        body: NotificationPreferences.parse(preferences),
        schema: NotificationPreferences,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
