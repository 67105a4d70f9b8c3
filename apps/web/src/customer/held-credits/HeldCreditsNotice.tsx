import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowBackUp, IconClockHour4 } from '@tabler/icons-react';
import { HELD_CREDIT_CUSTOMER_TEXT } from '@comptoir/contracts';
import { firstOfMonthOrdinal, formatEuros } from '@comptoir/core';
import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { useMyHeldCredits } from '../../api/held-credits.ts';
import { heldCreditItems, type HeldCreditItem } from './held-credit-items.ts';

/**
 * Above the operations: each credit received and being verified (not in the balance yet), and each
 * returned to its originator in the last 30 days — calm words, never a rule, a case or a suspicion.
 * Nothing while they load or when there are none.
 */
export function HeldCreditsNotice() {
  const { t } = useTranslation();
  const held = useMyHeldCredits();
  // « The last 30 days » counted from when the list was read.
  const items = held.data ? heldCreditItems(held.data.items, new Date(held.dataUpdatedAt)) : [];
  if (items.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('heldCredits.label')} data-testid="held-credits">
      {items.map((item) => (
        <HeldCreditRow key={item.id} item={item} />
      ))}
    </Stack>
  );
}

function HeldCreditRow({ item }: { item: HeldCreditItem }) {
  const { t } = useTranslation();
  const amount = formatEuros(BigInt(item.amount));
  const named = item.originatorName !== null;
  const verifying = item.status === 'verifying';
  const line = verifying
    ? t(named ? 'heldCredits.verifying' : 'heldCredits.verifyingNoName', {
        originator: item.originatorName,
        amount,
      })
    : t(named ? 'heldCredits.returned' : 'heldCredits.returnedNoName', { originator: item.originatorName });
  const detail = verifying
    ? HELD_CREDIT_CUSTOMER_TEXT
    : t('heldCredits.returnedDetail', {
        amount,
        date: firstOfMonthOrdinal(
          format(parseISO(item.decidedAt ?? item.heldAt), 'd MMMM yyyy', { locale: fr }),
        ),
      });
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      bg="gray.0"
      style={{ listStyle: 'none' }}
      data-testid="held-credit"
      data-status={item.status}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={verifying ? 'comptoir' : 'gray'} radius="xl" size="lg">
          {verifying ? <IconClockHour4 size={20} aria-hidden /> : <IconArrowBackUp size={20} aria-hidden />}
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="held-credit-line">
            {line}
          </Text>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
