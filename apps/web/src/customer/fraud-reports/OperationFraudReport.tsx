import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import type { OperationDetail } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useExecutedTransfer, useMyFraudReports } from '../../api/fraud-reports.ts';
import { isReportableOperation } from './fraud-report-form.ts';
import { FraudReportStatus } from './FraudReportStatus.tsx';
import { ReportFraudModal } from './ReportFraudModal.tsx';

/**
 * An operation's fraud report, in its detail: the report's status once sent; before, for a transfer
 * out that was executed, « Signaler une fraude ».
 */
export function OperationFraudReport({
  accountId,
  operation: o,
}: {
  accountId: string;
  operation: OperationDetail;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const reports = useMyFraudReports();
  const report = reports.data?.items.find((r) => r.transferNumber === o.number);
  const transfer = useExecutedTransfer(
    accountId,
    o.number,
    isReportableOperation(o) && reports.isSuccess && !report,
  );

  if (report) return <FraudReportStatus report={report} />;
  if (!transfer) return null;
  return (
    <>
      <Button
        variant="light"
        color="red.8"
        leftSection={<IconShieldExclamation size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="report-fraud"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('fraudReports.button')}
      </Button>
      {opened && <ReportFraudModal transfer={transfer} onClose={() => setOpened(false)} />}
    </>
  );
}
