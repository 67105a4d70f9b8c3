import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScaFactors } from '../api/sca.ts';
import { FactorItem } from './FactorItem.tsx';
import { PasskeyAdd } from './PasskeyAdd.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** The second factors of « Préférences et sécurité »: list, add an app or a passkey. */
export function SecuritySection() {
  const { t } = useTranslation();
  const factors = useScaFactors();
  const list = factors.data ?? [];
  return (
    <Stack gap="md" data-testid="sca-factors">
      <div>
        <Title order={3} fz="md">
          {t('sca.factorsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sca.factorsIntro')}
        </Text>
      </div>
      {factors.isPending ? (
        <Loader size="sm" />
      ) : list.length === 0 ? (
        <Text size="sm">{t('sca.noFactor')}</Text>
      ) : (
        <Stack gap="xs">
          {list.map((factor) => (
            <FactorItem key={factor.id} factor={factor} last={list.length === 1} />
          ))}
        </Stack>
      )}
      <TotpEnrolment hasFactor={list.length > 0} />
      <PasskeyAdd hasFactor={list.length > 0} />
    </Stack>
  );
}
