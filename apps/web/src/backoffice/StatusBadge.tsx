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

/** A status is never cut to « E-ma… » in a narrow column: it wraps instead. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

export function StatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="dot" tt="none" radius="sm" data-status={status} styles={WRAPPING}>
      {t(`backoffice.status.${status}`)}
    </Badge>
  );
}
