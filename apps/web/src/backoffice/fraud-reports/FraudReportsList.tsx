import { Button } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import type { FraudReportsQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { FLAGGED_PAYEES_CSV_URL, useFraudReports } from '../../api/backoffice-fraud-reports.ts';
import { QueueList } from '../QueueList.tsx';
import { FraudReportCard } from './FraudReportCard.tsx';

type ListStatus = FraudReportsQuery['status'];
const STATUSES = ['submitted', 'decided'] as const satisfies readonly ListStatus[];

/** « À traiter » (oldest first) or « Traitées » (newest decision first), and the flagged IBANs' CSV. */
export function FraudReportsList({
  status,
  onStatus,
  onOpenCustomer,
}: {
  status: ListStatus;
  onStatus: (status: ListStatus) => void;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const reports = useFraudReports(status);
  const k = 'backofficeFraudReports';
  return (
    <QueueList
      labels={{
        filter: t(`${k}.list.filter`),
        refresh: t(`${k}.page.refresh`),
        hint: t(`${k}.list.hint.${status}`),
        loading: t(`${k}.list.loading`),
        empty: t(`${k}.list.empty.${status}`),
        list: t(`${k}.list.label`),
      }}
      statuses={STATUSES.map((value) => ({ value, label: t(`${k}.list.statuses.${value}`) }))}
      status={status}
      onStatus={onStatus}
      query={reports}
      actions={
        <Button
          component="a"
          href={FLAGGED_PAYEES_CSV_URL}
          download
          variant="default"
          size="sm"
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          data-testid="bo-flagged-payees-csv"
        >
          {t(`${k}.page.exportCsv`)}
        </Button>
      }
      emptyTestId="bo-fraud-reports-empty"
      renderItem={(report) => (
        <FraudReportCard key={report.id} report={report} onOpenCustomer={onOpenCustomer} />
      )}
    />
  );
}
