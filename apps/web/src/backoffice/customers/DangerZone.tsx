import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { BackofficeCustomerDetail } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCloseCustomer, useEraseCustomer } from '../../api/backoffice-manual-entries.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import classes from '../contrast.module.css';

const APPLICANT = new Set(['pending_email', 'pending_review', 'corrections_requested', 'rejected']);

/**
 * Danger zone (docs/product/back-office.md#customers): erase an applicant never approved (admin), close an active customer (admin,
 * compliance). Each is confirmed by typing the customer's e-mail, which the dialog names; the
 * server checks every rule again (zero balance, nothing pending).
 */
export function DangerZone({ customer, onGone }: { customer: BackofficeCustomerDetail; onGone: () => void }) {
  const { t } = useTranslation();
  const state = useOperatorState();
  const role = state.data?.stage === 'signedIn' ? state.data.operator.role : null;
  const [dialog, setDialog] = useState<'erase' | 'close' | null>(null);
  const canErase = role === 'admin' && APPLICANT.has(customer.status) && customer.accounts.length === 0;
  const canClose = (role === 'admin' || role === 'compliance') && customer.status === 'active';
  if (!canErase && !canClose) return null;

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
      aria-labelledby="bo-danger-title"
      data-testid="bo-danger-zone"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlertTriangle size={20} color="var(--mantine-color-red-8)" aria-hidden />
          <Title id="bo-danger-title" order={3} fz="h4" c="red.9">
            {t('backoffice.dangerZone.title')}
          </Title>
        </Group>
        <Text size="sm">
          {canErase ? t('backoffice.dangerZone.eraseHint') : t('backoffice.dangerZone.closeHint')}
        </Text>
        <Button
          color="red"
          variant="outline"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setDialog(canErase ? 'erase' : 'close')}
        >
          {canErase ? t('backoffice.dangerZone.erase') : t('backoffice.dangerZone.close')}
        </Button>
      </Stack>
      {dialog === 'erase' && (
        <ConfirmDialog
          kind="erase"
          customer={customer}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onGone();
          }}
        />
      )}
      {dialog === 'close' && (
        <ConfirmDialog
          kind="close"
          customer={customer}
          onClose={() => setDialog(null)}
          onDone={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}

function ConfirmDialog(props: {
  kind: 'erase' | 'close';
  customer: BackofficeCustomerDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const erase = useEraseCustomer(props.customer.id);
  const close = useCloseCustomer(props.customer.id);
  const action = props.kind === 'erase' ? erase : close;
  const [typed, setTyped] = useState('');
  const email = props.customer.email;
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const confirm = () => {
    if (props.kind === 'erase') {
      erase.mutate(undefined, {
        onSuccess: () => {
          notifySuccess(t('backoffice.dangerZone.erased'));
          props.onDone();
        },
      });
    } else {
      close.mutate(undefined, {
        onSuccess: () => {
          notifySuccess(t('backoffice.dangerZone.closed'));
          props.onDone();
        },
      });
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={
        props.kind === 'erase' ? t('backoffice.dangerZone.eraseTitle') : t('backoffice.dangerZone.closeTitle')
      }
      centered
      radius="md"
      classNames={{ content: classes.readable }}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {props.kind === 'erase'
            ? t('backoffice.dangerZone.eraseConfirm', { email })
            : t('backoffice.dangerZone.closeConfirm', { email })}
        </Text>
        <TextInput
          label={t('backoffice.dangerZone.typeEmail')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-testid="bo-danger-email"
        />
        {action.error && (
          <Alert color="red" variant="light" role="alert" data-testid="bo-danger-error">
            <Text size="sm" c="red.9" fw={600}>
              {t('backoffice.dangerZone.error', {
                message: isApiError(action.error) ? action.error.detail : t('backoffice.errors.generic'),
              })}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('backoffice.dangerZone.cancel')}
          </Button>
          <Button color="red" disabled={!matches} loading={action.isPending} onClick={confirm}>
            {props.kind === 'erase' ? t('backoffice.dangerZone.erase') : t('backoffice.dangerZone.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
