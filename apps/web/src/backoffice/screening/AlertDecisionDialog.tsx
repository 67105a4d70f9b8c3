import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ScreeningDecisionRequest,
  type ScreeningAlert,
  type ScreeningDecisionKind,
} from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useDecideScreeningAlert } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import classes from '../contrast.module.css';

/**
 * « Faux positif » or « Confirmer la correspondance », with the note the decision requires
 * (`ScreeningDecisionRequest`): what the step does — a false positive closes the alert (or
 * overrules a proposed confirmation), a confirmation only proposes: another operator approves.
 */
export function AlertDecisionDialog({
  alert,
  decision,
  name,
  onClose,
}: {
  alert: ScreeningAlert;
  decision: ScreeningDecisionKind;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideScreeningAlert();
  const form = useForm<z.input<typeof ScreeningDecisionRequest>, unknown, ScreeningDecisionRequest>({
    resolver: zodResolver(ScreeningDecisionRequest),
    defaultValues: { decision, note: '' },
  });
  const confirming = decision === 'confirmed';
  const intro = confirming
    ? t('backofficeScreening.decision.confirmIntro', { name, logicalId: alert.entry.logicalId })
    : alert.proposal
      ? t('backofficeScreening.decision.overruleIntro', {
          proposer: alert.proposal.by.name || alert.proposal.by.email,
        })
      : t('backofficeScreening.decision.falsePositiveIntro', { name });

  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { alertId: alert.id, body },
      {
        onSuccess: () => {
          notifySuccess(
            t(
              confirming
                ? 'backofficeScreening.decision.doneConfirm'
                : 'backofficeScreening.decision.doneFalsePositive',
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
      title={t(
        confirming
          ? 'backofficeScreening.decision.confirmTitle'
          : 'backofficeScreening.decision.falsePositiveTitle',
      )}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': t('backofficeScreening.decision.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          <Textarea
            label={t('backofficeScreening.decision.note')}
            description={t('backofficeScreening.decision.noteHint')}
            autosize
            minRows={3}
            maxLength={2000}
            required
            data-autofocus
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          {decide.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(decide.error) ? decide.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('backofficeScreening.decision.cancel')}
            </Button>
            <Button type="submit" color={confirming ? 'red.8' : undefined} loading={decide.isPending}>
              {t(
                confirming
                  ? 'backofficeScreening.decision.submitConfirm'
                  : 'backofficeScreening.decision.submitFalsePositive',
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
