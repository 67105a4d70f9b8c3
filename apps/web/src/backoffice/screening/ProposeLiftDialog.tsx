import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FreezeLiftReason, LiftFreezeRequest, type AssetFreeze } from '@comptoir/contracts';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useProposeFreezeLift } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import classes from '../contrast.module.css';

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
    <Modal
      opened
      onClose={onClose}
      title={t('backofficeScreening.freezes.proposeTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': t('backofficeScreening.freezes.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('backofficeScreening.freezes.proposeIntro', { name })}</Text>
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
          <Textarea
            label={t('backofficeScreening.freezes.noteLabel')}
            description={t('backofficeScreening.freezes.noteHint')}
            autosize
            minRows={3}
            maxLength={2000}
            required
            data-autofocus
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          {propose.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(propose.error) ? propose.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('backofficeScreening.freezes.cancel')}
            </Button>
            <Button type="submit" loading={propose.isPending}>
              {t('backofficeScreening.freezes.proposeSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
