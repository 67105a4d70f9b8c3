import { useState } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { FRAUD_REPORT_STATUS_LABELS, type BackofficeFraudReport } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { CardActions } from '../screening/CardActions.tsx';
import { CustomerLink } from '../screening/CustomerLink.tsx';
import { ScreeningBadge } from '../screening/ScreeningBadge.tsx';
import { StepRecord } from '../screening/StepRecord.tsx';
import { DecideFraudReportDialog } from './DecideFraudReportDialog.tsx';
import { FraudReportFacts } from './FraudReportFacts.tsx';

const STATUS_COLORS = { submitted: 'orange', accepted: 'teal', rejected: 'gray' } as const;

/**
 * One fraud report: the customer (a link to their file), the amount and status, what it is about,
 * the decision once taken (who, when, the note, the refund's number) — else « Accepter » and
 * « Refuser ».
 */
export function FraudReportCard({
  report: r,
  onOpenCustomer,
}: {
  report: BackofficeFraudReport;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'accepted' | 'rejected' | null>(null);
  const k = 'backofficeFraudReports.card';
  const decided = r.status === 'submitted' ? null : r.status;

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ listStyle: 'none' }}
      data-testid="bo-fraud-report"
      data-fraud-report={r.id}
      data-status={r.status}
      data-number={r.transferNumber}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4">
              <CustomerLink customer={{ ...r.customer, birthDate: null }} onOpen={onOpenCustomer} />
            </Title>
            <Text size="sm" c="dimmed">
              {t(`${k}.customerNumber`, { number: r.customer.customerNumber })}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ marginInlineStart: 'auto' }}>
            <Text
              fw={700}
              fz="xl"
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-testid="bo-fraud-report-amount"
            >
              {formatEuros(BigInt(r.amount))}
            </Text>
            <ScreeningBadge
              color={STATUS_COLORS[r.status]}
              status={r.status}
              label={FRAUD_REPORT_STATUS_LABELS[r.status]}
            />
          </Stack>
        </Group>
        <FraudReportFacts report={r} />
        {r.decision && decided && (
          <StepRecord
            testId="bo-fraud-report-decision"
            line={t(`${k}.decided.${decided}`, {
              date: formatDateTime(r.decision.at, t('backoffice.panel.dateFormat')),
              name: r.decision.by.name || r.decision.by.email,
            })}
            note={r.decision.note ? t(`${k}.note`, { note: r.decision.note }) : undefined}
          >
            {r.refundNumber && (
              <Text size="sm" fw={600} data-testid="bo-fraud-report-refund">
                {t(`${k}.refund`, { number: r.refundNumber })}
              </Text>
            )}
          </StepRecord>
        )}
        <CardActions
          actions={[
            !decided && {
              label: t(`${k}.accept`),
              icon: <IconCheck size={16} aria-hidden />,
              onClick: () => setDialog('accepted'),
            },
            !decided && {
              label: t(`${k}.reject`),
              icon: <IconX size={16} aria-hidden />,
              color: 'red',
              variant: 'light',
              onClick: () => setDialog('rejected'),
            },
          ]}
        />
      </Stack>
      {dialog && <DecideFraudReportDialog report={r} decision={dialog} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
