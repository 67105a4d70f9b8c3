import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotifications, useReadNotifications, useUnreadNotifications } from '../../api/notifications.ts';
import { notifyError } from '../../ui/toasts.ts';
import { NotificationItem } from './NotificationItem.tsx';

/**
 * `/notifications`: the customer's notifications, newest first, the unread ones marked; updated
 * live by the event stream; « Tout marquer comme lu »; opening one marks it read.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useNotifications();
  const unread = useUnreadNotifications().data ?? 0;
  const read = useReadNotifications();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const markRead = (ids?: string[]) =>
    read.mutate(ids, {
      onError: (error) => notifyError(t('notifications.preferences.error', { message: error.message })),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {t('notifications.title')}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="notifications-unread">
            {t('notifications.unread', { count: unread })}
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconChecks size={18} aria-hidden />}
          disabled={unread === 0}
          loading={read.isPending}
          onClick={() => markRead()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" px={{ base: 'md', sm: 'lg' }} py="xs">
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : items.length === 0 ? (
          <Text py="lg" ta="center" c="dimmed">
            {t('notifications.empty')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('notifications.title')}
          >
            {items.map((n, index) => (
              <NotificationItem
                key={n.id}
                notification={n}
                separated={index > 0}
                onOpen={(id) => markRead([id])}
              />
            ))}
          </Stack>
        )}
      </Paper>

      {list.hasNextPage && (
        <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('notifications.older')}
        </Button>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {t('notifications.kept')}
      </Text>
    </Stack>
  );
}
