import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Transfer } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useReportFraud } from '../../api/fraud-reports.ts';
import { DocumentFileInput } from '../../ui/DocumentFileInput.tsx';
import { notifySuccess } from '../../ui/toasts.ts';
import {
  answerOf,
  fraudReportForm,
  KIND_OF_ANSWER,
  type FraudReportFormSchema,
} from './fraud-report-form.ts';

/**
 * « Signaler une fraude » for one executed transfer: what happened, whether someone posed as the
 * bank, the police report's number and, if the customer has it, its file (then sent as multipart).
 */
export function ReportFraudModal({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const report = useReportFraud();
  const [file, setFile] = useState<File | null>(null);
  const schema = useMemo(() => fraudReportForm(t('fraudReports.kindRequired')), [t]);
  const form = useForm<z.input<FraudReportFormSchema>, unknown, z.output<FraudReportFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { description: '', policeReportNumber: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    report.mutate(
      { body: { ...values, transferId: transfer.id }, file },
      {
        onSuccess: () => {
          notifySuccess(t('fraudReports.done'));
          onClose();
        },
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('fraudReports.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="fraud-report-form">
        <Stack gap="md">
          <Text size="sm">
            {t('fraudReports.intro', {
              amount: formatEuros(cents(transfer.amount)),
              payee: transfer.payeeName,
              number: transfer.number,
            })}
          </Text>
          <Textarea
            label={t('fraudReports.description')}
            description={t('fraudReports.descriptionHint')}
            autosize
            minRows={4}
            maxLength={4000}
            required
            data-autofocus
            error={errors.description?.message}
            {...form.register('description')}
          />
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Radio.Group
                label={t('fraudReports.posedAsBank')}
                required
                value={answerOf(field.value) ?? ''}
                onChange={(answer) => field.onChange(KIND_OF_ANSWER[answer === 'yes' ? 'yes' : 'no'])}
                error={errors.kind?.message}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="yes" label={t('fraudReports.yes')} ref={field.ref} />
                  <Radio value="no" label={t('fraudReports.no')} />
                </Group>
              </Radio.Group>
            )}
          />
          <TextInput
            label={t('fraudReports.policeReportNumber')}
            description={t('fraudReports.policeReportNumberHint')}
            maxLength={64}
            required
            error={errors.policeReportNumber?.message}
            {...form.register('policeReportNumber')}
          />
          <DocumentFileInput
            label={t('fraudReports.file')}
            description={t('fraudReports.fileHint')}
            placeholder={t('fraudReports.filePlaceholder')}
            clearLabel={t('fraudReports.clearFile')}
            value={file}
            onChange={setFile}
            testId="fraud-report-file"
          />
          {report.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('fraudReports.error', {
                detail: isApiError(report.error) ? report.error.detail : t('errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('fraudReports.cancel')}
            </Button>
            <Button type="submit" color="red.8" loading={report.isPending}>
              {t('fraudReports.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
