import { useEffect, useRef } from 'react';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useScaFactors } from '../api/sca.ts';
import { FactorItem } from './FactorItem.tsx';
import { PasskeyAdd } from './PasskeyAdd.tsx';
import { SECURITY_SECTION_ID } from './security-anchor.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** The second factors of « Préférences et sécurité »: list, add an app or a passkey. */
export function SecuritySection() {
  const { t } = useTranslation();
  const factors = useScaFactors();
  const list = factors.data ?? [];
  const root = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // « Sécuriser mon compte » lands here (/profil#securite): brought into view once the factors are
  // read, so the content above has its final height.
  const loaded = !factors.isPending;
  useEffect(() => {
    if (loaded && hash === `#${SECURITY_SECTION_ID}`) root.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);
  return (
    <Stack
      gap="md"
      data-testid="sca-factors"
      id={SECURITY_SECTION_ID}
      ref={root}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
    >
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
