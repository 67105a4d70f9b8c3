import { Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { HeldCredit, MonitoringOperation } from '@comptoir/contracts';
import { formatIban, formatSignedEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { canHold } from '../held-credits/held-credit-text.ts';
import { HoldCreditButton } from '../held-credits/HoldCreditButton.tsx';

const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The operations behind a hit, as the customer's account shows them (a credit positive): a table on
 * a wide screen, a stacked list on a phone, so nothing scrolls sideways. An incoming credit from
 * another bank can be held from here (« Retenir », docs/held-credits.md).
 */
export function OperationsTable({
  operations,
  label,
  onHeld,
}: {
  operations: readonly MonitoringOperation[];
  label: string;
  onHeld: (held: HeldCredit) => void;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)');
  if (operations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('backofficeMonitoring.hits.noOperation')}
      </Text>
    );
  }
  const date = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const amount = (o: MonitoringOperation) => formatSignedEuros(BigInt(o.amount));
  const iban = (o: MonitoringOperation) => (o.counterpartyIban ? formatIban(o.counterpartyIban) : null);
  const none = t('backofficeMonitoring.hits.noCounterparty');
  const holding = operations.some(canHold);
  const hold = (o: MonitoringOperation) => canHold(o) && <HoldCreditButton operation={o} onHeld={onHeld} />;

  if (wide) {
    return (
      <Table fz="sm" striped aria-label={label} bg="white" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backofficeMonitoring.hits.columns.date')}</Table.Th>
            <Table.Th>{t('backofficeMonitoring.hits.columns.number')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>
              {t('backofficeMonitoring.hits.columns.amount')}
            </Table.Th>
            <Table.Th>{t('backofficeMonitoring.hits.columns.counterparty')}</Table.Th>
            <Table.Th>{t('backofficeMonitoring.hits.columns.iban')}</Table.Th>
            {holding && <Table.Th>{t('backofficeHeldCredits.hold.column')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {operations.map((o) => (
            <Table.Tr
              key={o.entryId}
              data-testid="bo-monitoring-operation"
              data-number={o.number}
              data-amount={o.amount}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(o.at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.number}</Table.Td>
              <Table.Td style={{ ...NUMERIC, textAlign: 'right' }}>{amount(o)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.counterpartyName ?? none}</Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {iban(o) ?? none}
              </Table.Td>
              {holding && <Table.Td>{hold(o)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap={0} component="ul" aria-label={label} p={0} m={0} bg="white" bd="1px solid gray.3">
      {operations.map((o, index) => (
        <Stack
          key={o.entryId}
          component="li"
          gap={2}
          px="sm"
          py="xs"
          style={{
            listStyle: 'none',
            borderTop: index > 0 ? '1px solid var(--mantine-color-gray-3)' : undefined,
          }}
          data-testid="bo-monitoring-operation"
          data-number={o.number}
          data-amount={o.amount}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {o.counterpartyName ?? none}
            </Text>
            <Text size="sm" fw={600} style={NUMERIC}>
              {amount(o)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {date(o.at)} · {o.number}
          </Text>
          {iban(o) && (
            <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {iban(o)}
            </Text>
          )}
          {canHold(o) && <div>{hold(o)}</div>}
        </Stack>
      ))}
    </Stack>
  );
}
