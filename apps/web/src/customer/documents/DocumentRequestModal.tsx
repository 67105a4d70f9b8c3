import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DocumentRequest } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useUploadRequestDocument } from '../../api/document-requests.ts';
import { DocumentFileInput } from '../../ui/DocumentFileInput.tsx';

/** The dialog of `DocumentRequestDialog`: the waiting request's kind, reason and upload, or « envoyé ». */
export function DocumentRequestModal({
  opened,
  current,
  sent,
  onSent,
  close,
}: {
  opened: boolean;
  current: DocumentRequest | undefined;
  sent: boolean;
  onSent: () => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('documentRequests.customer.dialogTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('documentRequests.customer.close') }}
      data-testid="document-request-dialog"
    >
      {current ? (
        <RequestUpload key={current.id} request={current} onSent={onSent} onLater={close} sentBefore={sent} />
      ) : (
        <Stack gap="sm">
          <Text role="status" fw={600} data-testid="document-request-sent">
            {t('documentRequests.customer.sent')}
          </Text>
          <Text size="sm">{t('documentRequests.customer.sentHint')}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('documentRequests.customer.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RequestUpload({
  request,
  onSent,
  onLater,
  sentBefore,
}: {
  request: DocumentRequest;
  onSent: () => void;
  onLater: () => void;
  sentBefore: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadRequestDocument();
  const [file, setFile] = useState<File | null>(null);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (file) upload.mutate({ requestId: request.id, file }, { onSuccess: onSent });
      }}
    >
      <Stack gap="sm">
        {sentBefore && (
          <Text role="status" fw={600}>
            {t('documentRequests.customer.sent')}
          </Text>
        )}
        <Text size="sm">{t('documentRequests.customer.intro')}</Text>
        <Group gap="xs">
          <Text fw={700} data-testid="document-request-kind">
            {t(`documentRequests.kinds.${request.kind}`)}
          </Text>
        </Group>
        <div>
          <Text size="xs" c="dimmed">
            {t('documentRequests.customer.reason')}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="document-request-reason"
          >
            {request.reason}
          </Text>
        </div>
        {request.blocking && (
          <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Text size="sm">{t('documentRequests.customer.blocking')}</Text>
          </Alert>
        )}
        <DocumentFileInput
          label={t('documentRequests.customer.file')}
          description={t('documentRequests.customer.fileHint')}
          placeholder={t('documentRequests.customer.filePlaceholder')}
          clearLabel={t('documentRequests.customer.clear')}
          value={file}
          onChange={setFile}
          testId="document-request-file"
        />
        {upload.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('documentRequests.customer.error', {
              message: isApiError(upload.error) ? upload.error.detail : t('errors.generic'),
            })}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onLater}>
            {t('documentRequests.customer.later')}
          </Button>
          <Button type="submit" disabled={!file} loading={upload.isPending}>
            {t('documentRequests.customer.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
