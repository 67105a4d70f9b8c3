import { zodResolver } from '@hookform/resolvers/zod';
import { MonitoringApprovalRequest, type MonitoringCase } from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApproveMonitoringReport } from '../../api/backoffice-monitoring.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { NoteText } from '../screening/NoteText.tsx';
import { operatorName } from './monitoring-text.ts';

/**
 * « Approuver la déclaration »: the second operator's approval, with an optional note; the case
 * closes and the report is made. The proposer's narrative is shown again first. The server refuses
 * the proposer and a too recent operator, in its own words.
 */
export function ApproveReportDialog({
  monitoringCase: c,
  name,
  onClose,
}: {
  monitoringCase: MonitoringCase;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveMonitoringReport();
  const form = useForm<z.input<typeof MonitoringApprovalRequest>, unknown, MonitoringApprovalRequest>({
    resolver: zodResolver(MonitoringApprovalRequest),
    defaultValues: { note: '' },
  });
  const submit = form.handleSubmit((body) =>
    approve.mutate(
      { caseId: c.id, body: body.note ? body : {} },
      {
        onSuccess: () => {
          notifySuccess(t('backofficeMonitoring.dialogs.doneApprove'));
          onClose();
        },
      },
    ),
  );
  return (
    <DecisionDialog
      title={t('backofficeMonitoring.dialogs.approveTitle')}
      intro={t('backofficeMonitoring.dialogs.approveIntro', { name })}
      note={{
        label: t('backofficeMonitoring.dialogs.noteOptional'),
        minRows: 2,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={approve}
      cancelLabel={t('backofficeMonitoring.dialogs.cancel')}
      submitLabel={t('backofficeMonitoring.dialogs.submitApprove')}
      submitColor="red.8"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {c.proposal && (
        <NoteText>
          {t('backofficeMonitoring.dialogs.proposedBy', {
            name: operatorName(c.proposal.by),
            note: c.proposal.note,
          })}
        </NoteText>
      )}
    </DecisionDialog>
  );
}
