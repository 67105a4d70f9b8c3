import { zodResolver } from '@hookform/resolvers/zod';
import {
  MonitoringDecisionRequest,
  type MonitoringCase,
  type MonitoringDecisionKind,
} from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDecideMonitoringCase } from '../../api/backoffice-monitoring.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { operatorName } from './monitoring-text.ts';

/**
 * « Classer sans suite » (closes the case, or overrules a proposed report) or « Proposer une
 * déclaration de soupçon » (its narrative as the note; another operator approves), each with the
 * note the decision requires (`MonitoringDecisionRequest`).
 */
export function CaseDecisionDialog({
  monitoringCase: c,
  decision,
  name,
  onClose,
}: {
  monitoringCase: MonitoringCase;
  decision: MonitoringDecisionKind;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideMonitoringCase();
  const form = useForm<z.input<typeof MonitoringDecisionRequest>, unknown, MonitoringDecisionRequest>({
    resolver: zodResolver(MonitoringDecisionRequest),
    defaultValues: { decision, note: '' },
  });
  const reporting = decision === 'report';
  const intro = reporting
    ? t('backofficeMonitoring.dialogs.reportIntro', { name })
    : c.proposal
      ? t('backofficeMonitoring.dialogs.overruleIntro', { proposer: operatorName(c.proposal.by) })
      : t('backofficeMonitoring.dialogs.noSuspicionIntro', { name });

  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { caseId: c.id, body },
      {
        onSuccess: () => {
          notifySuccess(
            t(
              reporting
                ? 'backofficeMonitoring.dialogs.doneReport'
                : 'backofficeMonitoring.dialogs.doneNoSuspicion',
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
        reporting
          ? 'backofficeMonitoring.dialogs.reportTitle'
          : 'backofficeMonitoring.dialogs.noSuspicionTitle',
      )}
      intro={intro}
      note={{
        label: t(reporting ? 'backofficeMonitoring.dialogs.narrative' : 'backofficeMonitoring.dialogs.note'),
        description: t(
          reporting ? 'backofficeMonitoring.dialogs.narrativeHint' : 'backofficeMonitoring.dialogs.noteHint',
        ),
        required: true,
        minRows: reporting ? 5 : 3,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={decide}
      cancelLabel={t('backofficeMonitoring.dialogs.cancel')}
      submitLabel={t(
        reporting
          ? 'backofficeMonitoring.dialogs.submitReport'
          : 'backofficeMonitoring.dialogs.submitNoSuspicion',
      )}
      submitColor={reporting ? 'red.8' : undefined}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
