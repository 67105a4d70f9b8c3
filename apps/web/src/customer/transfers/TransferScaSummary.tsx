import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransferScaDetails } from '@comptoir/contracts';
import { cents, formatEuros, formatIban } from '@comptoir/core';
import { longDay, repeatText } from './transfer-dates.ts';

/**
 * What the strong-authentication dialog shows before the code (dynamic linking): the very details
 * the challenge is made for — amount, payee name and IBAN, execution date and repetition.
 */
export function TransferScaSummary({ details, today }: { details: TransferScaDetails; today: string }) {
  const { t } = useTranslation();
  const repeat = repeatText(details.repeat);
  const day = longDay(details.executionDate);
  return (
    <Stack gap={2} data-testid="transfer-sca-summary">
      <Text size="sm" c="dimmed">
        {t('transfers.sca.summary')}
      </Text>
      <Text fz={28} fw={700}>
        {formatEuros(cents(details.amount))}
      </Text>
      <Text fw={600}>{t('transfers.sca.to', { name: details.payeeName })}</Text>
      <Text size="sm" c="dimmed" ff="monospace">
        {t('transfers.sca.iban', { iban: formatIban(details.payeeIban) })}
      </Text>
      <Text size="sm" mt={6} data-testid="transfer-sca-date">
        {details.executionDate === today
          ? t('transfers.sca.today', { date: day })
          : t('transfers.sca.on', { date: day })}
      </Text>
      <Text size="sm" fw={repeat ? 600 : undefined} data-testid="transfer-sca-repeat">
        {repeat ? t(repeat.key, repeat.values) : t('transfers.sca.once')}
      </Text>
    </Stack>
  );
}
