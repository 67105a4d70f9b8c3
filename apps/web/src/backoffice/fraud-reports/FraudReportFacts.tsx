import { Anchor, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { FRAUD_KIND_LABELS, type BackofficeFraudReport } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { fraudReportFileUrl } from '../../api/backoffice-fraud-reports.ts';
import { formatDateTime } from '../format.ts';
import { Fact } from '../screening/Fact.tsx';
import { NoteText } from '../screening/NoteText.tsx';

/** Payees reported by this many different customers are flagged (docs/fraud-reports.md). */
const FLAGGED_FROM = 2;

/**
 * What a report is about: the transfer (number and date), its payee (name, IBAN, and a red badge
 * once other customers reported it too), the kind of fraud, the police report (number, and its file
 * as an audited download), and the customer's own account of what happened.
 */
export function FraudReportFacts({ report: r }: { report: BackofficeFraudReport }) {
  const { t } = useTranslation();
  const k = 'backofficeFraudReports.card';
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Fact label={t(`${k}.transfer`)} testId="bo-fraud-report-transfer">
          {t(`${k}.transferLine`, {
            number: r.transferNumber,
            date: formatDateTime(r.transferAt, t('backoffice.panel.dateFormat')),
          })}
        </Fact>
        <Fact label={t(`${k}.payee`)} testId="bo-fraud-report-payee">
          <Text inherit fw={600}>
            {r.payeeName}
          </Text>
          <Text inherit ff="monospace">
            {formatIban(r.payeeIban)}
          </Text>
          {r.payeeReporters >= FLAGGED_FROM && (
            <Badge
              color="red.8"
              variant="filled"
              tt="none"
              radius="sm"
              mt={4}
              styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
              data-testid="bo-fraud-report-flagged"
            >
              {t(`${k}.flagged`, { count: r.payeeReporters })}
            </Badge>
          )}
        </Fact>
        <Fact label={t(`${k}.kind`)} testId="bo-fraud-report-kind">
          {FRAUD_KIND_LABELS[r.kind]}
        </Fact>
        <Fact label={t(`${k}.policeReport`)} testId="bo-fraud-report-police">
          <Text inherit>{t(`${k}.policeReportNumber`, { number: r.policeReportNumber })}</Text>
          {r.hasFile ? (
            <Anchor
              href={fraudReportFileUrl(r.id)}
              download
              inherit
              fw={600}
              data-testid="bo-fraud-report-file"
            >
              <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
                <IconFileDownload size={16} aria-hidden />
                {t(`${k}.openFile`)}
              </Group>
            </Anchor>
          ) : (
            <Text inherit c="dimmed">
              {t(`${k}.noFile`)}
            </Text>
          )}
        </Fact>
      </SimpleGrid>
      <Fact label={t(`${k}.description`)} testId="bo-fraud-report-description">
        <Text inherit style={{ whiteSpace: 'pre-wrap' }}>
          {r.description}
        </Text>
      </Fact>
      <NoteText>
        {t(`${k}.reported`, { date: formatDateTime(r.createdAt, t('backoffice.panel.dateFormat')) })}
      </NoteText>
    </>
  );
}
