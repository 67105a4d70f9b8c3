import { zodResolver } from '@hookform/resolvers/zod';
import { FraudReportDecisionRequest, type BackofficeFraudReport } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDecideFraudReport } from '../../api/backoffice-fraud-reports.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { customerRefName } from '../screening/screening-text.ts';

/**
 * « Accepter » or « Refuser » a report, with a required note. Accepting an impersonation claim
 * says plainly that the transfer's full amount goes back to the customer at once.
 */
export function DecideFraudReportDialog({
  report: r,
  decision,
  onClose,
}: {
  report: BackofficeFraudReport;
  decision: FraudReportDecisionRequest['decision'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideFraudReport();
  const k = 'backofficeFraudReports.dialogs';
  const refund = decision === 'accepted' && r.kind === 'impersonation';
  const amount = formatEuros(BigInt(r.amount));
  const name = customerRefName({ ...r.customer, birthDate: null }) || r.customer.customerNumber;
  const form = useForm<z.input<typeof FraudReportDecisionRequest>, unknown, FraudReportDecisionRequest>({
    resolver: zodResolver(FraudReportDecisionRequest),
    defaultValues: { decision, note: '' },
  });
  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { id: r.id, body },
      {
        onSuccess: (decided) => {
          notifySuccess(
            decided.refundNumber
              ? t(`${k}.doneRefunded`, { amount })
              : t(decision === 'accepted' ? `${k}.doneAccepted` : `${k}.doneRejected`),
          );
          onClose();
        },
      },
    ),
  );
  return (
    <DecisionDialog
      title={t(decision === 'accepted' ? `${k}.acceptTitle` : `${k}.rejectTitle`)}
      intro={
        decision === 'rejected'
          ? t(`${k}.rejectIntro`, { name })
          : refund
            ? t(`${k}.acceptRefund`, { amount, name })
            : t(`${k}.acceptNoRefund`, { name })
      }
      note={{
        label: t(`${k}.note`),
        description: t(`${k}.noteHint`),
        required: true,
        minRows: 3,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={decide}
      cancelLabel={t(`${k}.cancel`)}
      submitLabel={
        decision === 'rejected'
          ? t(`${k}.submitReject`)
          : refund
            ? t(`${k}.submitAcceptRefund`)
            : t(`${k}.submitAccept`)
      }
      submitColor={decision === 'rejected' ? 'red.8' : undefined}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
