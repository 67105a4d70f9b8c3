import { Alert, Button, Center, List, Loader, Stack, Title } from '@mantine/core';
import type { DocumentKind } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { useCorrections, useSubmitCorrections } from '../api/onboarding.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { notifySuccess } from '../ui/toasts.ts';
import { DocumentUploadForm, type UploadSlot } from './DocumentUploadForm.tsx';

/** What the operator asked to correct, and the re-upload of the requested documents (docs/product/onboarding.md#steps). */
export function CorrectionsPanel() {
  const { t } = useTranslation();
  const corrections = useCorrections(true);
  const submit = useSubmitCorrections();

  if (corrections.isPending) {
    return (
      <Center py="md" role="status">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (corrections.isError) {
    return (
      <ErrorState
        message={isApiError(corrections.error) ? corrections.error.detail : t('wait.correctionsLoadError')}
        onRetry={() => void corrections.refetch()}
        retrying={corrections.isFetching}
      />
    );
  }

  const { reasons, documentKinds, uploadedKinds } = corrections.data;
  const slots: UploadSlot[] = documentKinds.map((kind: DocumentKind) => ({
    kind,
    label: t(`onboarding.kinds.${kind}`),
    capture: kind === 'selfie' ? 'user' : 'environment',
  }));
  const send = () => submit.mutate(undefined, { onSuccess: () => notifySuccess(t('wait.correctionsSent')) });

  return (
    <Stack gap="lg">
      <section aria-labelledby="corrections-reasons">
        <Title id="corrections-reasons" order={2} fz="h4" mb="xs">
          {t('wait.reasonsTitle')}
        </Title>
        <List spacing="xs" data-testid="correction-reasons">
          {reasons.map((reason, index) => (
            <List.Item key={index}>{reason}</List.Item>
          ))}
        </List>
      </section>

      <section aria-labelledby="corrections-documents">
        <Title id="corrections-documents" order={2} fz="h4" mb="sm">
          {t('wait.documentsTitle')}
        </Title>
        {slots.length > 0 ? (
          <DocumentUploadForm
            slots={slots}
            uploadedKinds={uploadedKinds}
            failureMessage={t('onboarding.upload.error')}
            continueLabel={t('wait.submitCorrections')}
            onContinue={send}
            continuePending={submit.isPending}
            onUploaded={() => corrections.refetch()}
          />
        ) : (
          <Stack gap="sm">
            <Alert variant="light" color="comptoir">
              {t('wait.noDocuments')}
            </Alert>
            <Button size="md" fullWidth onClick={send} loading={submit.isPending}>
              {t('wait.submitCorrections')}
            </Button>
          </Stack>
        )}
      </section>

      {submit.isError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(submit.error) && submit.error.code === 'corrections_incomplete'
            ? t('wait.correctionsIncomplete')
            : t('common.errorWithDetail', {
                detail: isApiError(submit.error) ? submit.error.detail : t('errors.generic'),
              })}
        </Alert>
      )}
    </Stack>
  );
}
