import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { CollectionsSection } from './CollectionsSection.tsx';
import { MandatesSection } from './MandatesSection.tsx';
import { RulesSection } from './RulesSection.tsx';

/**
 * « Prélèvements » (`/virementshome/prelevements`, under « Virements »; docs/direct-debits.md): the
 * coming and past collections, the mandates and the rules for all of them.
 */
export function DirectDebitsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to={paths.transfers} size="sm" style={{ alignSelf: 'flex-start' }}>
          <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {t('transfers.back')}
        </Anchor>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('customer.pages.directDebits')}
        </Title>
        <Text c="dimmed">{t('directDebits.intro')}</Text>
      </Stack>
      <CollectionsSection />
      <MandatesSection />
      <RulesSection />
    </Stack>
  );
}
