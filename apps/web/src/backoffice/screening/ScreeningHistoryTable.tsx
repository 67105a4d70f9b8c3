import { Table, Text } from '@mantine/core';
import type { CustomerScreening } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { ScreeningBadge } from './ScreeningBadge.tsx';

const OUTCOME_COLORS = { clear: 'teal', possible_match: 'orange' } as const;

/** A page of screenings: when, against which version, why, whom (the customer or a beneficiary), the result and its score. */
export function ScreeningHistoryTable({ screenings }: { screenings: readonly CustomerScreening[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table fz="sm" striped aria-label={t('backofficeScreening.customer.historyTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backofficeScreening.customer.columns.date')}</Table.Th>
            <Table.Th>{t('backofficeScreening.customer.columns.version')}</Table.Th>
            <Table.Th>{t('backofficeScreening.customer.columns.reason')}</Table.Th>
            <Table.Th>{t('backofficeScreening.customer.columns.subject')}</Table.Th>
            <Table.Th>{t('backofficeScreening.customer.columns.result')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>
              {t('backofficeScreening.customer.columns.score')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {screenings.map((screening) => (
            <Table.Tr
              key={screening.id}
              data-testid="bo-customer-screening-row"
              data-outcome={screening.outcome}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(screening.screenedAt, t('backoffice.panel.dateFormat'))}
              </Table.Td>
              <Table.Td>
                {t('backofficeScreening.customer.versionValue', { number: screening.listVersionNumber })}
              </Table.Td>
              <Table.Td>{t(`backofficeScreening.customer.reasons.${screening.reason}`)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {t(`backofficeScreening.customer.subjectKinds.${screening.subjectKind}`)}
                <Text size="xs" c="dimmed">
                  {screening.subjectName ?? t('backofficeScreening.customer.deletedPayee')}
                </Text>
              </Table.Td>
              <Table.Td>
                <ScreeningBadge
                  color={OUTCOME_COLORS[screening.outcome]}
                  status={screening.outcome}
                  label={t(`backofficeScreening.customer.outcomes.${screening.outcome}`)}
                />
              </Table.Td>
              <Table.Td
                style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {t('backofficeScreening.customer.scoreValue', {
                  score: screening.topScore,
                  threshold: screening.threshold,
                })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
