import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadByCustomer } from '../../api/backoffice-messages.ts';

/** In the customers table: how many of this customer's messages no operator has opened. */
export function UnreadMessagesBadge({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const unread = useUnreadByCustomer().data?.get(customerId) ?? 0;
  if (unread === 0) return null;
  return (
    <Badge
      color="red"
      size="sm"
      ml={6}
      data-testid="bo-unread-badge"
      title={t('boMessages.unread', { count: unread })}
    >
      {t('boMessages.unread', { count: unread })}
    </Badge>
  );
}
