import { zodResolver } from '@hookform/resolvers/zod';
import { MonitoringNoteRequest } from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAddMonitoringNote } from '../../api/backoffice-monitoring.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';

/** « Ajouter une note » on a case still undecided: the note is required (`MonitoringNoteRequest`). */
export function AddNoteDialog({
  caseId,
  name,
  onClose,
}: {
  caseId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddMonitoringNote();
  const form = useForm<z.input<typeof MonitoringNoteRequest>, unknown, MonitoringNoteRequest>({
    resolver: zodResolver(MonitoringNoteRequest),
    defaultValues: { note: '' },
  });
  const submit = form.handleSubmit((body) =>
    add.mutate(
      { caseId, body },
      {
        onSuccess: () => {
          notifySuccess(t('backofficeMonitoring.dialogs.doneNote'));
          onClose();
        },
      },
    ),
  );
  return (
    <DecisionDialog
      title={t('backofficeMonitoring.dialogs.noteTitle')}
      intro={t('backofficeMonitoring.dialogs.noteIntro', { name })}
      note={{
        label: t('backofficeMonitoring.dialogs.note'),
        required: true,
        minRows: 3,
        maxLength: 4000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={add}
      cancelLabel={t('backofficeMonitoring.dialogs.cancel')}
      submitLabel={t('backofficeMonitoring.dialogs.submitNote')}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
