import { zodResolver } from '@hookform/resolvers/zod';
import {
  ScreeningDecisionRequest,
  type ScreeningAlert,
  type ScreeningDecisionKind,
} from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDecideScreeningAlert } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';

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
    <DecisionDialog
      title={t(
        confirming
          ? 'backofficeScreening.decision.confirmTitle'
          : 'backofficeScreening.decision.falsePositiveTitle',
      )}
      intro={intro}
      note={{
        label: t('backofficeScreening.decision.note'),
        description: t('backofficeScreening.decision.noteHint'),
        required: true,
        minRows: 3,
        maxLength: 2000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={decide}
      cancelLabel={t('backofficeScreening.decision.cancel')}
      submitLabel={t(
        confirming
          ? 'backofficeScreening.decision.submitConfirm'
          : 'backofficeScreening.decision.submitFalsePositive',
      )}
      submitColor={confirming ? 'red.8' : undefined}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
