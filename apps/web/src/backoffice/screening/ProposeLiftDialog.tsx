import { Radio, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FreezeLiftReason, LiftFreezeRequest, type AssetFreeze } from '@comptoir/contracts';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useProposeFreezeLift } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';

/**
 * « Proposer la levée »: the reason (délistage, when the entity left the list; décision otherwise)
 * and the note that justifies it (`LiftFreezeRequest`). The freeze stays until another operator
 * approves.
 */
export function ProposeLiftDialog({
  freeze,
  name,
  onClose,
}: {
  freeze: AssetFreeze;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const propose = useProposeFreezeLift();
  const form = useForm<z.input<typeof LiftFreezeRequest>, unknown, LiftFreezeRequest>({
    resolver: zodResolver(LiftFreezeRequest),
    defaultValues: { reason: freeze.delisted ? 'delisting' : 'decision', note: '' },
  });

  const submit = form.handleSubmit((body) =>
    propose.mutate(
      { freezeId: freeze.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('backofficeScreening.freezes.proposed'));
          onClose();
        },
      },
    ),
  );

  return (
    <DecisionDialog
      title={t('backofficeScreening.freezes.proposeTitle')}
      intro={t('backofficeScreening.freezes.proposeIntro', { name })}
      note={{
        label: t('backofficeScreening.freezes.noteLabel'),
        description: t('backofficeScreening.freezes.noteHint'),
        required: true,
        minRows: 3,
        maxLength: 2000,
        error: form.formState.errors.note?.message,
        field: form.register('note'),
      }}
      mutation={propose}
      cancelLabel={t('backofficeScreening.freezes.cancel')}
      submitLabel={t('backofficeScreening.freezes.proposeSubmit')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Controller
        control={form.control}
        name="reason"
        render={({ field }) => (
          <Radio.Group
            label={t('backofficeScreening.freezes.reason')}
            required
            name={field.name}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            error={form.formState.errors.reason?.message}
          >
            <Stack gap={6} mt={6}>
              {FreezeLiftReason.options.map((reason, index) => (
                <Radio
                  key={reason}
                  value={reason}
                  label={t(`backofficeScreening.freezes.reasonLabels.${reason}`)}
                  ref={index === 0 ? field.ref : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
    </DecisionDialog>
  );
}
