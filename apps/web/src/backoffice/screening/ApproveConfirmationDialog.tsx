import { zodResolver } from '@hookform/resolvers/zod';
import { ScreeningApprovalRequest, type ScreeningAlert } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApproveScreeningConfirmation } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { NoteText } from './NoteText.tsx';
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
    <DecisionDialog
      title={t('backofficeScreening.decision.approveTitle')}
      intro={intro}
      note={{
        label: t('backofficeScreening.decision.noteOptional'),
        minRows: 2,
        maxLength: 2000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={approve}
      cancelLabel={t('backofficeScreening.decision.cancel')}
      submitLabel={t('backofficeScreening.decision.submitApprove')}
      submitColor="red.8"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {alert.proposal?.note && (
        <NoteText>
          {t('backofficeScreening.decision.proposedBy', {
            name: alert.proposal.by.name || alert.proposal.by.email,
            note: alert.proposal.note,
          })}
        </NoteText>
      )}
    </DecisionDialog>
  );
}
