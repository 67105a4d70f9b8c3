import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSandbox } from '../app/institution.ts';

/** docs/product/principles.md#no-false-claims: in sandbox mode every page says so — and a real institution's pages never do. */
export function SandboxBanner() {
  const { t } = useTranslation();
  if (!isSandbox) return null;
  return (
    <Box component="aside" bg="yellow.1" px="md" py={6} aria-label={t('sandbox.label')}>
      <Text size="sm" ta="center" fw={500} style={{ color: '#5c4200' }}>
        {t('sandbox.banner')}
      </Text>
    </Box>
  );
}
