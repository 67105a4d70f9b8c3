import { zodResolver } from '@hookform/resolvers/zod';
import { ApproveHeldCreditRequest, HELD_CREDIT_REASON_LABELS, type HeldCredit } from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApproveHeldCredit } from '../../api/backoffice-held-credits.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { NoteText } from '../screening/NoteText.tsx';
import { heldOperatorName } from './held-credit-text.ts';
import { useHeldCreditWords } from './use-held-credit-words.ts';

/**
 * « Approuver »: the second operator books the proposal (the release to the customer, or the return
 * to the originator's bank), with an optional note. The proposal is shown again first. The server
 * refuses the proposer and a too recent operator, in its own words.
 */
export function ApproveHeldCreditDialog({
  credit: h,
  proposal,
  onClose,
}: {
  credit: HeldCredit;
  proposal: NonNullable<HeldCredit['proposal']>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const words = useHeldCreditWords(h);
  const approve = useApproveHeldCredit();
  const form = useForm<z.input<typeof ApproveHeldCreditRequest>, unknown, ApproveHeldCreditRequest>({
    resolver: zodResolver(ApproveHeldCreditRequest),
    defaultValues: { note: '' },
  });
  const submit = form.handleSubmit((body) =>
    approve.mutate(
      { id: h.id, body: body.note ? body : {} },
      {
        onSuccess: () => {
          notifySuccess(t(`backofficeHeldCredits.dialogs.doneApprove.${proposal.action}`));
          onClose();
        },
      },
    ),
  );
  return (
    <DecisionDialog
      title={t('backofficeHeldCredits.dialogs.approveTitle')}
      intro={t(`backofficeHeldCredits.dialogs.approveIntro.${proposal.action}`, words)}
      note={{
        label: t('backofficeHeldCredits.dialogs.noteOptional'),
        minRows: 2,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={approve}
      cancelLabel={t('backofficeHeldCredits.dialogs.cancel')}
      submitLabel={t('backofficeHeldCredits.dialogs.submitApprove')}
      submitColor={proposal.action === 'return' ? 'red.8' : undefined}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NoteText>
        {t('backofficeHeldCredits.dialogs.proposedBy', {
          name: heldOperatorName(proposal.by),
          reason: HELD_CREDIT_REASON_LABELS[proposal.reason],
          note: proposal.note,
        })}
      </NoteText>
    </DecisionDialog>
  );
}
