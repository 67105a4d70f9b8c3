import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Operation } from '@comptoir/contracts';
import { formatSignedEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { KIND_LABEL, operationDateLine } from './operation-labels.ts';

// Text colours checked for WCAG AA (≥ 4.5:1) on their backgrounds.
const DEBIT_TEXT = 'red.9';
const CREDIT_TEXT = '#1e7a33';
const PENDING_TEXT = '#9c3a00';

/** One line of « Mes opérations ». */
export function OperationItem({ operation, separated }: { operation: Operation; separated: boolean }) {
  const { t } = useTranslation();
  const amount = BigInt(operation.amount);
  const debit = amount < 0n;
  const voided = operation.status === 'voided';
  const details = [operation.reference, operation.description].filter(
    (text, index, all): text is string => !!text && all.indexOf(text) === index,
  );

  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="md"
      py="sm"
      data-testid="operation"
      data-status={operation.status}
      style={separated ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
    >
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          {operationDateLine(operation.createdAt, {
            thisYear: t('operations.dateFormat'),
            otherYear: t('operations.dateFormatWithYear'),
          })}
        </Text>
        <Group gap={6} wrap="wrap">
          <Text fw={600}>{t(KIND_LABEL[operation.kind])}</Text>
          {operation.status === 'pending' && (
            <Badge size="sm" variant="light" color="orange" c={PENDING_TEXT}>
              {t('operations.pending')}
            </Badge>
          )}
          {voided && (
            <Badge size="sm" variant="light" color="gray">
              {t('operations.voided')}
            </Badge>
          )}
        </Group>
        {operation.counterpartyName && (
          <Text size="sm" truncate>
            {operation.counterpartyName}
          </Text>
        )}
        {details.map((text) => (
          <Text key={text} size="xs" c="dimmed" truncate>
            {text}
          </Text>
        ))}
      </Stack>
      <Text
        fw={700}
        c={voided ? 'dimmed' : debit ? DEBIT_TEXT : CREDIT_TEXT}
        td={voided ? 'line-through' : undefined}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid="operation-amount"
        aria-label={t(debit ? 'operations.debitLabel' : 'operations.creditLabel', {
          amount: formatSignedEuros(amount),
        })}
      >
        {formatSignedEuros(amount)}
      </Text>
    </Group>
  );
}
