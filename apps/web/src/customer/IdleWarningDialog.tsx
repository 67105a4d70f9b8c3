import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** « Rester connecté » or « Déconnexion », one minute before an idle session ends (InactivityWatcher). */
export function IdleWarningDialog({
  opened,
  onStay,
  onLeave,
  leaving,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  leaving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('session.warningTitle')}
      centered
      closeOnClickOutside={false}
      radius="lg"
    >
      <Stack gap="lg">
        <Text>{t('session.warning')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" color="gray" onClick={onLeave} loading={leaving}>
            {t('common.signOut')}
          </Button>
          <Button onClick={onStay} data-autofocus>
            {t('session.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
