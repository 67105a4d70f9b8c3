import { Select } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HELD_CREDIT_REASON_LABELS,
  HeldCreditReleaseReason,
  HeldCreditReturnReason,
  ReleaseHeldCreditRequest,
  ReturnHeldCreditRequest,
  type HeldCredit,
} from '@comptoir/contracts';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useProposeHeldCredit } from '../../api/backoffice-held-credits.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { heldOperatorName } from './held-credit-text.ts';
import { useHeldCreditWords } from './use-held-credit-words.ts';

type Action = 'release' | 'return';
interface ProposalForm {
  reason: string;
  note: string;
}

const SCHEMAS: Record<Action, z.ZodType<ProposalForm, ProposalForm>> = {
  release: ReleaseHeldCreditRequest,
  return: ReturnHeldCreditRequest,
};
const REASONS: Record<Action, readonly string[]> = {
  release: HeldCreditReleaseReason.options,
  return: HeldCreditReturnReason.options,
};
const isReason = (value: string): value is keyof typeof HELD_CREDIT_REASON_LABELS =>
  value in HELD_CREDIT_REASON_LABELS;

/**
 * « Proposer la libération » or « Proposer le retour »: the reason (from the contract's list) and
 * the note, both required. Nothing moves until another operator approves; a proposal of the other
 * action waiting is replaced, which the dialog says.
 */
export function ProposeHeldCreditDialog({
  credit: h,
  action,
  onClose,
}: {
  credit: HeldCredit;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const words = useHeldCreditWords(h);
  const propose = useProposeHeldCredit();
  const form = useForm<ProposalForm, unknown, ProposalForm>({
    resolver: zodResolver(SCHEMAS[action]),
    defaultValues: { reason: '', note: '' },
  });
  const releasing = action === 'release';
  const submit = form.handleSubmit((body) =>
    propose.mutate(
      { id: h.id, proposal: { action, body } },
      {
        onSuccess: () => {
          notifySuccess(
            t(
              releasing
                ? 'backofficeHeldCredits.dialogs.doneRelease'
                : 'backofficeHeldCredits.dialogs.doneReturn',
            ),
          );
          onClose();
        },
      },
    ),
  );
  const intro = t(
    releasing ? 'backofficeHeldCredits.dialogs.releaseIntro' : 'backofficeHeldCredits.dialogs.returnIntro',
    words,
  );
  const replaced = h.proposal && h.proposal.action !== action ? h.proposal : null;

  return (
    <DecisionDialog
      title={t(
        releasing
          ? 'backofficeHeldCredits.dialogs.releaseTitle'
          : 'backofficeHeldCredits.dialogs.returnTitle',
      )}
      intro={
        replaced
          ? `${intro} ${t('backofficeHeldCredits.dialogs.replaces', { name: heldOperatorName(replaced.by) })}`
          : intro
      }
      note={{
        label: t('backofficeHeldCredits.dialogs.note'),
        description: t('backofficeHeldCredits.dialogs.noteHint'),
        required: true,
        minRows: 3,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={propose}
      cancelLabel={t('backofficeHeldCredits.dialogs.cancel')}
      submitLabel={t(
        releasing
          ? 'backofficeHeldCredits.dialogs.submitRelease'
          : 'backofficeHeldCredits.dialogs.submitReturn',
      )}
      submitColor={releasing ? undefined : 'red.8'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Controller
        control={form.control}
        name="reason"
        render={({ field, fieldState }) => (
          <Select
            label={t('backofficeHeldCredits.dialogs.reason')}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data={REASONS[action].map((value) => ({
              value,
              label: isReason(value) ? HELD_CREDIT_REASON_LABELS[value] : value,
            }))}
            name={field.name}
            ref={field.ref}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={fieldState.error ? t('backofficeHeldCredits.dialogs.reasonRequired') : undefined}
          />
        )}
      />
    </DecisionDialog>
  );
}
