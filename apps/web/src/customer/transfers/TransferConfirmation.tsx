import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '@comptoir/contracts';
import { cents, formatEuros, formatIban } from '@comptoir/core';
import { dayAndTime, longDay, repeatText } from './transfer-dates.ts';

interface Props {
  transfer: Transfer | null;
  onClose: () => void;
  /** « Nouveau virement »: stays on the form. */
  onAnother: () => void;
}

/**
 * The confirmation sheet of docs/product/transfers.md#confirmation: « Vous avez bien envoyé », the amount and the payee, then the
 * details (IBAN, BIC, amount, date, type, transaction number). Full screen on a phone.
 */
export function TransferConfirmation({ transfer, onClose, onAnother }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  if (!transfer) return null;

  const amount = formatEuros(cents(transfer.amount));
  const scheduled = transfer.status === 'scheduled';
  const date =
    transfer.type === 'instant'
      ? dayAndTime(transfer.executedAt ?? transfer.createdAt)
      : longDay(transfer.executionDate);
  const rows: [string, string, string][] = [
    ['iban', t('transfers.sheet.iban'), formatIban(transfer.payeeIban)],
    ['bic', t('transfers.sheet.bic'), transfer.payeeBic || t('transfers.sheet.noBic')],
    ['amount', t('transfers.sheet.amount'), amount],
    ['date', t('transfers.sheet.date'), date],
    ['type', t('transfers.sheet.type'), t(`transfers.types.${transfer.type}`)],
    ['number', t('transfers.sheet.number'), transfer.number],
  ];
  const repetition = repeatText(transfer.repeat);
  if (repetition)
    rows.splice(5, 0, ['repeat', t('transfers.sheet.repeat'), t(repetition.key, repetition.values)]);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone ?? false}
      radius="lg"
      size={520}
      centered
      withCloseButton
      closeButtonProps={{ 'aria-label': t('transfers.sheet.close') }}
      title={t('transfers.sheet.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      data-testid="transfer-sheet"
    >
      <Stack gap="lg" data-testid="transfer-sheet-body">
        <Stack gap={4} align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={34} />
          </ThemeIcon>
          <Title order={2} fz={32} data-testid="transfer-sheet-amount">
            {amount}
          </Title>
          <Text fw={600} data-testid="transfer-sheet-payee">
            {t('transfers.sheet.to', { name: transfer.payeeName })}
          </Text>
        </Stack>

        {transfer.status === 'pending' && transfer.type === 'instant' && (
          <Alert color="comptoir" variant="light" radius="md">
            {t('transfers.sheet.pending')}
          </Alert>
        )}
        {transfer.status === 'pending' && transfer.type === 'standard' && (
          <Alert color="comptoir" variant="light" radius="md">
            {t('transfers.sheet.reserved')}
          </Alert>
        )}
        {scheduled && (
          <Alert color="comptoir" variant="light" radius="md">
            {t('transfers.sheet.scheduled', { date: longDay(transfer.executionDate) })}
          </Alert>
        )}

        <Stack gap={0}>
          <Title order={3} fz="sm" c="dimmed" tt="uppercase" mb="xs">
            {t('transfers.sheet.details')}
          </Title>
          <Stack component="dl" gap={0} m={0}>
            {rows.map(([id, label, value], index) => (
              <Group
                key={id}
                justify="space-between"
                align="baseline"
                wrap="nowrap"
                gap="md"
                py={8}
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
              >
                <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {label}
                </Text>
                <Text
                  component="dd"
                  m={0}
                  size="sm"
                  fw={500}
                  ta="right"
                  ff={id === 'iban' || id === 'bic' || id === 'number' ? 'monospace' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid={`transfer-sheet-detail-${id}`}
                >
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" size="md" onClick={onAnother}>
            {t('transfers.sheet.another')}
          </Button>
          <Button size="md" onClick={onClose}>
            {t('transfers.sheet.done')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
