import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { AppNotification } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListRow } from '../../ui/ListRow.tsx';
import { operationDateLine } from '../operation-labels.ts';
import { notificationText } from './notification-text.ts';

/** One notification of the list: when, what (a refusal in red with its reason), a link where it leads. */
export function NotificationItem({
  notification,
  separated,
  onOpen,
}: {
  notification: AppNotification;
  separated: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const text = notificationText(notification);
  const unread = notification.readAt === null;
  return (
    <ListRow separated={separated} data-testid="notification" data-status={unread ? 'unread' : 'read'}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          {unread && (
            <Badge size="xs" variant="filled" color="comptoir">
              {t('notifications.new')}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {operationDateLine(notification.createdAt)}
          </Text>
        </Group>
        <Text
          fw={unread ? 700 : 500}
          c={text.tone === 'error' ? 'red.9' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {t(text.key, text.values)}
        </Text>
        {text.reason && (
          <Text size="sm" c="red.9">
            {text.reason}
          </Text>
        )}
        <Anchor
          component={Link}
          to={text.link.to}
          size="sm"
          onClick={() => unread && onOpen(notification.id)}
        >
          {t(text.link.label)}
        </Anchor>
      </Stack>
    </ListRow>
  );
}
