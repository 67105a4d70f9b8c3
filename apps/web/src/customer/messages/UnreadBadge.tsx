import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../api/messages.ts';
import { unreadBadge } from '../../ui/unread-badge.ts';

/** The count of unread bank messages, beside « Profil » in the navigation (nothing when none). */
export function UnreadBadge({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages().data ?? 0;
  if (unread === 0) return null;
  const badge = unreadBadge(unread);
  return (
    <Badge
      size={size}
      color="red"
      circle={badge.circle}
      data-testid="unread-badge"
      aria-label={t('messages.thread.unread', { count: unread })}
    >
      {badge.text}
    </Badge>
  );
}
