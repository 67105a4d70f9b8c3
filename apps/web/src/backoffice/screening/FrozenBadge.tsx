import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** « Avoirs gelés »: an asset freeze of the customer is in force. */
export function FrozenBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="red.8"
      variant="filled"
      tt="none"
      radius="sm"
      leftSection={<IconLock size={12} aria-hidden />}
      data-testid="bo-frozen-badge"
    >
      {t('backofficeScreening.customer.frozen')}
    </Badge>
  );
}
