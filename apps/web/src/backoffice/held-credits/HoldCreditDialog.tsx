import { zodResolver } from '@hookform/resolvers/zod';
import { HoldCreditRequest, type HeldCredit, type MonitoringOperation } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useHoldCredit } from '../../api/backoffice-held-credits.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';

/**
 * « Retenir » an incoming credit from a case's operations, with the required note: it leaves the
 * customer's available balance for the suspense account. The server refuses one already spent
 * (« Le solde disponible du client ne couvre plus ce virement… ») or already held, in its words.
 */
export function HoldCreditDialog({
  operation,
  onHeld,
  onClose,
}: {
  operation: MonitoringOperation;
  onHeld: (held: HeldCredit) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const hold = useHoldCredit();
  const form = useForm<z.input<typeof HoldCreditRequest>, unknown, HoldCreditRequest>({
    resolver: zodResolver(HoldCreditRequest),
    defaultValues: { entryId: operation.entryId, note: '' },
  });
  const submit = form.handleSubmit((body) =>
    hold.mutate(body, {
      onSuccess: (held) => {
        onHeld(held);
        onClose();
      },
    }),
  );
  return (
    <DecisionDialog
      title={t('backofficeHeldCredits.dialogs.holdTitle')}
      intro={t('backofficeHeldCredits.dialogs.holdIntro', {
        amount: formatEuros(BigInt(operation.amount)),
        originator: operation.counterpartyName ?? t('backofficeHeldCredits.dialogs.anOriginator'),
        number: operation.number,
      })}
      note={{
        label: t('backofficeHeldCredits.dialogs.note'),
        description: t('backofficeHeldCredits.dialogs.holdNoteHint'),
        required: true,
        minRows: 3,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={hold}
      cancelLabel={t('backofficeHeldCredits.dialogs.cancel')}
      submitLabel={t('backofficeHeldCredits.dialogs.submitHold')}
      submitColor="orange.9"
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
