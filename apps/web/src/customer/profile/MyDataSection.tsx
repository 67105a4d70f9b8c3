import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { downloadMyData, saveFile } from '../../api/data-export.ts';
import { useStrongAuth } from '../../sca/index.ts';
import { notifyError, notifySuccess } from '../../ui/toasts.ts';

/**
 * Profil › « Mes données » (GDPR art. 15 and 20): « Télécharger mes données » asks for a strong
 * authentication, then saves the JSON file the server builds (everything the bank holds about the
 * customer, with a README of its fields).
 */
export function MyDataSection() {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const token = await strongAuth.confirm({
        action: 'data_export',
        details: {},
        title: t('myData.scaTitle'),
        summary: <Text>{t('myData.scaSummary')}</Text>,
      });
      if (!token) return;
      const file = await downloadMyData(token);
      saveFile(file.blob, file.filename ?? 'comptoir-mes-donnees.json');
      notifySuccess(t('myData.done'));
    } catch (cause) {
      notifyError(t('myData.error', { message: isApiError(cause) ? cause.detail : t('errors.generic') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="my-data-title"
    >
      <Stack gap="md" align="flex-start">
        <Title order={2} fz="h4" id="my-data-title">
          {t('myData.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('myData.intro')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
        >
          {t('myData.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
