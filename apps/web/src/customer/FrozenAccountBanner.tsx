import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * « Votre compte fait l’objet d’une mesure de gel. Contactez votre conseiller. » above the balance
 * while an asset freeze holds the customer's funds: the same neutral words as every refused payment,
 * naming no list nor regulation (docs/screening.md#freezing-in-the-payment-paths).
 */
export function FrozenAccountBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconLock aria-hidden />}
      data-testid="frozen-account-banner"
    >
      {t('dashboard.frozen')}
    </Alert>
  );
}
