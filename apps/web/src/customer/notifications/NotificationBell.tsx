import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUnreadNotifications } from '../../api/notifications.ts';
import { unreadBadge } from '../../ui/unread-badge.ts';

/**
 * The bell in the header (every width: the bottom bar keeps its five entries). Its name says
 * the unread count (« Notifications, 3 non lues »); the live event keeps the badge current.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications().data ?? 0;
  const here = useLocation().pathname.toLowerCase().replace(/\/+$/, '') === '/notifications';
  const badge = unreadBadge(unread);
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Box pos="relative">
      <ActionIcon
        component={Link}
        to="/notifications"
        variant={here ? 'light' : 'subtle'}
        color={here ? 'comptoir' : 'gray'}
        size="lg"
        radius="xl"
        aria-label={label}
        aria-current={here ? 'page' : undefined}
        data-testid="notification-bell"
      >
        <IconBell size={22} stroke={1.8} aria-hidden />
      </ActionIcon>
      {unread > 0 && (
        <Badge
          size="xs"
          color="red"
          circle={badge.circle}
          pos="absolute"
          top={-2}
          right={-4}
          aria-hidden
          data-testid="notification-count"
          style={{ pointerEvents: 'none' }}
        >
          {badge.text}
        </Badge>
      )}
    </Box>
  );
}
