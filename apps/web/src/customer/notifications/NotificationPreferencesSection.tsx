import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationPreferences } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/notifications.ts';
import { notifyError, notifySuccess } from '../../ui/toasts.ts';

/** Profil › « Notifications »: an e-mail at each credit, at each card payment (both off by default). */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const { data: preferences } = useNotificationPreferences();
  const save = useSaveNotificationPreferences();

  const toggle = (field: keyof NotificationPreferences, value: boolean) => {
    if (!preferences) return;
    save.mutate(
      { ...preferences, [field]: value },
      {
        onSuccess: () => notifySuccess(t('notifications.preferences.saved')),
        onError: (error) => notifyError(t('notifications.preferences.error', { message: error.message })),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="notification-preferences-title"
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="notification-preferences-title">
          {t('notifications.preferences.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('notifications.preferences.intro')}
        </Text>
        <Switch
          label={t('notifications.preferences.emailOnCredit')}
          checked={preferences?.emailOnCredit ?? false}
          disabled={!preferences || save.isPending}
          onChange={(event) => toggle('emailOnCredit', event.currentTarget.checked)}
        />
        <Switch
          label={t('notifications.preferences.emailOnCardPayment')}
          checked={preferences?.emailOnCardPayment ?? false}
          disabled={!preferences || save.isPending}
          onChange={(event) => toggle('emailOnCardPayment', event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
