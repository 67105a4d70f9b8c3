import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SandboxCardTools } from './SandboxCardTools.tsx';
import { SandboxDirectDebitTools } from './SandboxDirectDebitTools.tsx';
import { SandboxTransferTools } from './SandboxTransferTools.tsx';

/** « Outils sandbox » (sandbox mode only, admin and compliance): the simulated networks. */
export function SandboxToolsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {t('backoffice.nav.sandbox')}
      </Title>
      <SandboxCardTools />
      <SandboxTransferTools />
      <SandboxDirectDebitTools />
    </Stack>
  );
}
