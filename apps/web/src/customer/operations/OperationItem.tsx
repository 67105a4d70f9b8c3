import { memo } from 'react';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Operation } from '@comptoir/contracts';
import { cents, formatSignedEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { ListRow, PENDING_TEXT, SignedAmount } from '../../ui/ListRow.tsx';
import { KIND_LABEL, operationDateLine, rejectedLine } from '../operation-labels.ts';

/**
 * One line of « Mes opérations »: a button that opens the operation's detail sheet. Memoised: the
 * list renders again when the page's end comes into view or a refetch brings the same page, and
 * lines whose operation did not change (the cache keeps unchanged ones as they were) are kept.
 */
export const OperationItem = memo(function OperationItem({
  operation,
  separated,
  onOpen,
}: {
  operation: Operation;
  separated: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const amount = cents(operation.amount);
  const debit = amount < 0n;
  const voided = operation.status === 'voided';
  // A transfer the other bank rejected: shown with its reason, its amount struck (no money moved).
  const rejected = voided && operation.rejectionReason !== null;
  const details = [operation.reference, operation.description].filter(
    (text, index, all): text is string => !!text && all.indexOf(text) === index,
  );

  return (
    <ListRow separated={separated} data-testid="operation" data-status={operation.status}>
      <UnstyledButton
        onClick={() => onOpen(operation.id)}
        aria-haspopup="dialog"
        data-testid="operation-open"
        data-number={operation.number}
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          justifyContent: 'space-between',
          gap: 'var(--mantine-spacing-md)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="xs" c="dimmed">
            {operationDateLine(operation.createdAt)}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{t(KIND_LABEL[operation.kind])}</Text>
            {operation.status === 'pending' && (
              <Badge size="sm" variant="light" color="orange" c={PENDING_TEXT}>
                {t('operations.pending')}
              </Badge>
            )}
            {voided && (
              <Badge size="sm" variant="light" color={rejected ? 'red' : 'gray'}>
                {t(rejected ? 'operations.rejected' : 'operations.voided')}
              </Badge>
            )}
          </Group>
          {operation.counterpartyName && (
            <Text size="sm" truncate>
              {operation.counterpartyName}
            </Text>
          )}
          {/* Ordered through a third party (PSD2 payment initiation): discreetly, « via Budgetly ». */}
          {operation.initiatedVia && (
            <Text size="xs" c="dimmed" truncate data-testid="operation-via">
              {t('operationsArea.via', { tpp: operation.initiatedVia })}
            </Text>
          )}
          {rejected && (
            <Text size="xs" c="red.9" data-testid="operation-rejected">
              {rejectedLine(operation.rejectionReason ?? '')}
            </Text>
          )}
          {details.map((text) => (
            <Text key={text} size="xs" c="dimmed" truncate>
              {text}
            </Text>
          ))}
        </Stack>
        <SignedAmount
          amount={amount}
          struck={voided}
          testId="operation-amount"
          label={
            rejected
              ? t('operations.rejectedLabel', { amount: formatSignedEuros(amount) })
              : t(debit ? 'operations.debitLabel' : 'operations.creditLabel', {
                  amount: formatSignedEuros(amount),
                })
          }
        />
      </UnstyledButton>
    </ListRow>
  );
});
