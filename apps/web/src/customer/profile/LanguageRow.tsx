import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * « Langue » of « Préférences et sécurité »: French is the only language the site has, so it is
 * shown, not offered as a choice (docs/product/principles.md#no-false-claims).
 */
export function LanguageRow() {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('myProfile.language.label')}
        </Text>
        <Text size="sm" lang="fr">
          {t('myProfile.language.value')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('myProfile.language.hint')}
      </Text>
    </Stack>
  );
}
