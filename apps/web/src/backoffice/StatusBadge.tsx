import { Badge } from '@mantine/core';
import type { CustomerStatus } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CustomerStatus, string> = {
  pending_email: 'gray',
  pending_review: 'orange',
  corrections_requested: 'yellow',
  active: 'teal',
  rejected: 'red',
  closed: 'dark',
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="dot" tt="none" radius="sm" data-status={status}>
      {t(`backoffice.status.${status}`)}
    </Badge>
  );
}
