import { zodResolver } from '@hookform/resolvers/zod';
import { DecideDirectDebitClaim, type BackofficeDirectDebitClaim } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDecideDirectDebitClaim } from '../../api/backoffice-direct-debits.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';

/**
 * The confirmation of a decision on a claim: what it does (an acceptance credits the amount back,
 * value-dated on the debit date) and the note the customer reads, required (`DecideDirectDebitClaim`).
 */
export function ClaimDecisionDialog({
  claim,
  decision,
  debitedOn,
  onClose,
}: {
  claim: BackofficeDirectDebitClaim;
  decision: 'accept' | 'reject';
  debitedOn: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideDirectDebitClaim();
  const form = useForm<z.input<typeof DecideDirectDebitClaim>, unknown, DecideDirectDebitClaim>({
    resolver: zodResolver(DecideDirectDebitClaim),
    defaultValues: { decision, note: '' },
  });
  const accepting = decision === 'accept';
  const facts = {
    amount: formatEuros(BigInt(claim.collection.amount)),
    name: claim.customerName,
    creditor: claim.collection.creditorName,
    date: debitedOn,
  };

  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { claimId: claim.id, decision: body },
      {
        onSuccess: () => {
          notifySuccess(
            t(
              accepting ? 'backofficeDirectDebits.claims.accepted' : 'backofficeDirectDebits.claims.rejected',
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
        accepting ? 'backofficeDirectDebits.claims.acceptTitle' : 'backofficeDirectDebits.claims.rejectTitle',
      )}
      intro={t(
        accepting ? 'backofficeDirectDebits.claims.acceptIntro' : 'backofficeDirectDebits.claims.rejectIntro',
        facts,
      )}
      note={{
        label: t('backofficeDirectDebits.claims.noteLabel'),
        description: t('backofficeDirectDebits.claims.noteHint'),
        required: true,
        minRows: 3,
        maxLength: 1000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={decide}
      cancelLabel={t('backofficeDirectDebits.claims.cancel')}
      submitLabel={t(
        accepting
          ? 'backofficeDirectDebits.claims.confirmAccept'
          : 'backofficeDirectDebits.claims.confirmReject',
      )}
      submitColor={accepting ? undefined : 'red.8'}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
