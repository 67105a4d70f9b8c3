import { Alert } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldX } from '@tabler/icons-react';
import type { FraudReport } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { fraudReportStatus } from './fraud-report-form.ts';

const LOOK = {
  submitted: { color: 'blue', icon: IconShieldExclamation },
  refunded: { color: 'teal', icon: IconShieldCheck },
  accepted: { color: 'teal', icon: IconShieldCheck },
  rejected: { color: 'gray', icon: IconShieldX },
} as const;

/** Where a transfer's fraud report stands: in review, accepted (and refunded, with its number), refused. */
export function FraudReportStatus({ report }: { report: FraudReport }) {
  const { t } = useTranslation();
  const { key, number } = fraudReportStatus(report);
  const { color, icon: Icon } = LOOK[key];
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<Icon aria-hidden />}
      title={t('fraudReports.statusLabel')}
      data-testid="fraud-report-status"
      data-status={report.status}
    >
      {t(`fraudReports.status.${key}`, { number })}
    </Alert>
  );
}
