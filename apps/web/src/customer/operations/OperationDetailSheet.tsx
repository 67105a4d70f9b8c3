import type { ReactNode } from 'react';
import { Badge, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import type { OperationDetail } from '@comptoir/contracts';
import { cents, firstOfMonthOrdinal, formatEuros, formatIban, formatSignedEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useOperationDetail } from '../../api/operations.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { CREDIT_TEXT, DEBIT_TEXT, PENDING_TEXT } from '../../ui/ListRow.tsx';
import { OperationFraudReport } from '../fraud-reports/OperationFraudReport.tsx';
import { KIND_LABEL, rejectedLine } from '../operation-labels.ts';

const TITLE_STYLE = { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const when = (iso: string, pattern: string) =>
  capitalised(firstOfMonthOrdinal(format(parseISO(iso), pattern, { locale: fr })));

/**
 * The detail sheet of one operation: a bottom sheet on a phone, a side panel on a wider screen; a
 * transfer out shows its fraud report, or « Signaler une fraude ».
 */
export function OperationDetailSheet({
  accountId,
  entryId,
  onClose,
}: {
  accountId: string;
  entryId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const detail = useOperationDetail(accountId, entryId);

  return (
    <Drawer
      opened={entryId !== null}
      onClose={onClose}
      title={t('operationsArea.detail.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: TITLE_STYLE }}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '90%' : 'md'}
      radius={phone ? 'lg' : 0}
    >
      {detail.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('operationsArea.detail.loading')}>
          <Skeleton height={40} width="50%" />
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} height={18} />
          ))}
        </Stack>
      ) : detail.isError ? (
        <ErrorState
          message={isApiError(detail.error) ? detail.error.detail : t('errors.generic')}
          onRetry={() => void detail.refetch()}
          retrying={detail.isRefetching}
        />
      ) : (
        <DetailBody accountId={accountId} operation={detail.data} />
      )}
    </Drawer>
  );
}

function DetailBody({ accountId, operation: o }: { accountId: string; operation: OperationDetail }) {
  const { t } = useTranslation();
  const amount = cents(o.amount);
  const d = 'operationsArea.detail';
  const counterpartyLabel =
    o.kind === 'card' ? `${d}.merchant` : o.direction === 'credit' ? `${d}.payer` : `${d}.payee`;
  const rows: [string, ReactNode, string][] = [
    [t(`${d}.date`), when(o.createdAt, t(`${d}.dateFormat`)), 'date'],
    [t(`${d}.kind`), t(KIND_LABEL[o.kind]), 'kind'],
  ];
  if (o.transferType)
    rows.push([t(`${d}.transferType`), t(`${d}.transferTypeValue.${o.transferType}`), 'transfer-type']);
  if (o.cardChannel) rows.push([t(`${d}.channel`), t(`${d}.channelValue.${o.cardChannel}`), 'channel']);
  if (o.counterpartyName)
    rows.push([t(counterpartyLabel as `${typeof d}.payer`), o.counterpartyName, 'counterparty']);
  if (o.counterpartyIban) rows.push([t(`${d}.iban`), formatIban(o.counterpartyIban), 'iban']);
  if (o.initiatedVia) rows.push([t(`${d}.initiatedVia`), o.initiatedVia, 'initiated-via']);
  if (o.mandateReference) rows.push([t(`${d}.mandateReference`), o.mandateReference, 'mandate-reference']);
  if (o.creditorId) rows.push([t(`${d}.creditorId`), o.creditorId, 'creditor-id']);
  if (o.reference) rows.push([t(`${d}.reference`), o.reference, 'reference']);
  if (o.description && o.description !== o.reference)
    rows.push([t(`${d}.description`), o.description, 'description']);
  rows.push([t(`${d}.number`), o.number, 'number']);
  rows.push([
    t(`${d}.status`),
    o.rejectionReason ? rejectedLine(o.rejectionReason) : t(`${d}.statusValue.${o.status}`),
    'status',
  ]);
  rows.push([
    t(`${d}.bookedAt`),
    o.postedAt ? when(o.postedAt, t(`${d}.dateFormat`)) : t(`${d}.notBooked`),
    'booked',
  ]);
  if (o.valueDate) rows.push([t(`${d}.valueDate`), when(o.valueDate, t(`${d}.dayFormat`)), 'value-date']);
  if (o.balanceAfter !== null)
    rows.push([t(`${d}.balanceAfter`), formatEuros(cents(o.balanceAfter)), 'balance-after']);

  return (
    <Stack gap="lg" data-testid="operation-detail">
      <Stack gap={4} align="flex-start">
        <Text
          fz={28}
          fw={700}
          c={o.status === 'voided' ? 'dimmed' : amount < 0n ? DEBIT_TEXT : CREDIT_TEXT}
          td={o.status === 'voided' ? 'line-through' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="detail-amount"
        >
          {formatSignedEuros(amount)}
        </Text>
        {o.status === 'pending' && (
          <Badge variant="light" color="orange" c={PENDING_TEXT}>
            {t('operations.pending')}
          </Badge>
        )}
      </Stack>
      <Stack component="dl" gap={0} m={0}>
        {rows.map(([label, value, id], index) => (
          <Group
            key={id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="md"
            py="xs"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Text component="dt" size="sm" c="dimmed" style={{ flex: '0 0 auto', maxWidth: '45%' }}>
              {label}
            </Text>
            <Text
              component="dd"
              size="sm"
              fw={500}
              ta="right"
              m={0}
              style={{ overflowWrap: 'anywhere' }}
              data-testid={`detail-${id}`}
            >
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <OperationFraudReport accountId={accountId} operation={o} />
    </Stack>
  );
}
