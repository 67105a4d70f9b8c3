import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { ScreeningApprovalRequest, type ScreeningAlert } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useApproveScreeningConfirmation } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import classes from '../contrast.module.css';
import { customerRefName } from './screening-text.ts';

/**
 * « Approuver le gel »: the second operator's approval of a proposed confirmation, with an optional
 * note. What it does is said first: the customer's funds are frozen at once, or their transfers to
 * the payee blocked. The server refuses the proposer and a too recent operator, in its own words.
 */
export function ApproveConfirmationDialog({
  alert,
  name,
  onClose,
}: {
  alert: ScreeningAlert;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveScreeningConfirmation();
  const form = useForm<z.input<typeof ScreeningApprovalRequest>, unknown, ScreeningApprovalRequest>({
    resolver: zodResolver(ScreeningApprovalRequest),
    defaultValues: { note: '' },
  });
  const { subject } = alert;
  const payee = subject.kind === 'beneficiary';
  const intro = payee
    ? t('backofficeScreening.decision.approveIntroPayee', {
        name: customerRefName(subject.customer) || subject.customer.customerNumber,
        payee: subject.name ?? (subject.iban ? formatIban(subject.iban) : '—'),
      })
    : t('backofficeScreening.decision.approveIntro', { name });

  const submit = form.handleSubmit((body) =>
    approve.mutate(
      { alertId: alert.id, body: body.note ? body : {} },
      {
        onSuccess: () => {
          notifySuccess(
            t(
              payee
                ? 'backofficeScreening.decision.doneApprovePayee'
                : 'backofficeScreening.decision.doneApprove',
            ),
          );
          onClose();
        },
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('backofficeScreening.decision.approveTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': t('backofficeScreening.decision.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          {alert.proposal?.note && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('backofficeScreening.decision.proposedBy', {
                name: alert.proposal.by.name || alert.proposal.by.email,
                note: alert.proposal.note,
              })}
            </Text>
          )}
          <Textarea
            label={t('backofficeScreening.decision.noteOptional')}
            autosize
            minRows={2}
            maxLength={2000}
            data-autofocus
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          {approve.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(approve.error) ? approve.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('backofficeScreening.decision.cancel')}
            </Button>
            <Button type="submit" color="red.8" loading={approve.isPending}>
              {t('backofficeScreening.decision.submitApprove')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
