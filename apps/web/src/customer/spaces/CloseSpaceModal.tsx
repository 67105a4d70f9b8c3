import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Account } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useCloseSpace } from '../../api/spaces.ts';
import { notifySuccess } from '../../ui/toasts.ts';

/** « Fermer l’Espace »: a confirmation; the server refuses unless the balance is zero. */
export function CloseSpaceModal(props: { space: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const closeSpace = useCloseSpace();
  const [failure, setFailure] = useState<string | null>(null);
  const { space } = props;

  const confirm = () =>
    closeSpace.mutate(space.id, {
      onSuccess: () => {
        notifySuccess(t('spaces.closed'));
        props.onClose();
        void navigate('/');
      },
      onError: (error) =>
        setFailure(t('spaces.error', { detail: isApiError(error) ? error.detail : t('errors.generic') })),
    });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('spaces.closeTitle', { name: space.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm">{t('spaces.closeText')}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('spaces.cancel')}
          </Button>
          <Button color="red" loading={closeSpace.isPending} onClick={confirm}>
            {t('spaces.closeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
