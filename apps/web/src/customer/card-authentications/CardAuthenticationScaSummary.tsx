import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardAuthentication } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { siteName } from './card-authentication-view.ts';

/**
 * What the strong-authentication dialog shows before the code (dynamic linking): the amount and the
 * merchant the challenge is made for, the merchant's site and the card.
 */
export function CardAuthenticationScaSummary({ authentication }: { authentication: CardAuthentication }) {
  const { t } = useTranslation();
  const site = siteName(authentication.merchantUrl);
  return (
    <Stack gap={2} data-testid="card-authentication-sca-summary">
      <Text size="sm" c="dimmed">
        {t('cardAuth.sca.summary')}
      </Text>
      <Text fz={28} fw={700}>
        {formatEuros(cents(authentication.amount))}
      </Text>
      <Text fw={600}>{t('cardAuth.sca.to', { merchant: authentication.merchant })}</Text>
      {site && (
        <Text size="sm" c="dimmed">
          {site}
        </Text>
      )}
      <Text size="sm" mt={6}>
        {t('cardAuth.sca.card', { last4: authentication.last4 })}
      </Text>
    </Stack>
  );
}
