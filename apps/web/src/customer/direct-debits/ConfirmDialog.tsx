import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone (refuse, revoke), the brand colour otherwise. */
  danger?: boolean;
  loading: boolean;
  /** The server's French problem, shown in the dialog (it stays open). */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** A « Prélèvements » act confirmed in a dialog that says what will happen. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md" data-testid={props.testId}>
        {props.children}
        {props.error && (
          <Alert color="red" variant="light" role="alert">
            {t('directDebits.error', { detail: props.error })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('directDebits.cancel')}
          </Button>
          <Button
            color={props.danger ? 'red.9' : undefined}
            onClick={props.onConfirm}
            loading={props.loading}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
