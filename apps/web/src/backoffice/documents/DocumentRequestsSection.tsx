import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import {
  DOCUMENT_REQUEST_KINDS,
  type BackofficeDocumentRequest,
  type DocumentRequestFile,
  type DocumentRequestKind,
} from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import {
  fetchRequestFileBlob,
  useAcceptDocumentRequest,
  useCreateDocumentRequest,
  useCustomerDocumentRequests,
  useRejectDocumentRequest,
} from '../../api/backoffice-document-requests.ts';
import { formatDateTime } from '../format.ts';
import { AcceptOrReject } from '../review/AcceptOrReject.tsx';
import { Section } from '../Section.tsx';
import { FILE_TYPES, StoredFileRow } from './StoredFileRow.tsx';

const STATUS_COLORS: Record<BackofficeDocumentRequest['status'], string> = {
  open: 'orange',
  submitted: 'blue',
  accepted: 'green',
  rejected: 'gray',
};

const errorText = (error: unknown, generic: string): string => (isApiError(error) ? error.detail : generic);

/**
 * docs/product/back-office.md#customers: the customer's requests with their status and files, a
 * form to ask for a new one, accept or reject (with a reason) what was sent. Admin and compliance
 * only: the section is not shown to support.
 */
export function DocumentRequestsSection({ customerId, active }: { customerId: string; active: boolean }) {
  const { t } = useTranslation();
  const operator = useOperatorState();
  const allowed = operator.data?.stage === 'signedIn' && operator.data.operator.role !== 'support';
  const requests = useCustomerDocumentRequests(customerId, allowed);
  if (!allowed) return null;
  return (
    <Section
      title={t('documentRequests.backoffice.title')}
      hint={t('documentRequests.backoffice.hint')}
      testId="bo-document-requests"
    >
      {active && <NewRequestForm customerId={customerId} />}
      {requests.isPending ? (
        <Center py="md" role="status">
          <Loader size="sm" aria-label={t('documentRequests.backoffice.loading')} />
        </Center>
      ) : requests.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('documentRequests.backoffice.error', {
            message: errorText(requests.error, t('backoffice.errors.generic')),
          })}
        </Alert>
      ) : requests.data.length === 0 ? (
        <Text c="dimmed">{t('documentRequests.backoffice.none')}</Text>
      ) : (
        <Stack gap="sm">
          {requests.data.map((request) => (
            <RequestCard key={request.id} customerId={customerId} request={request} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function NewRequestForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const create = useCreateDocumentRequest(customerId);
  const [kind, setKind] = useState<DocumentRequestKind>('funds_origin');
  const [reason, setReason] = useState('');
  const [blocking, setBlocking] = useState(true);
  const [done, setDone] = useState(false);

  const submit = () => {
    setDone(false);
    create.mutate(
      { kind, reason: reason.trim(), blocking },
      {
        onSuccess: () => {
          setReason('');
          setDone(true);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="bo-document-request-form"
      >
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('documentRequests.backoffice.newTitle')}
          </Text>
          <Select
            label={t('documentRequests.backoffice.kind')}
            data={DOCUMENT_REQUEST_KINDS.map((value) => ({
              value,
              label: t(`documentRequests.kinds.${value}`),
            }))}
            value={kind}
            onChange={(value) => value && setKind(value)}
            allowDeselect={false}
          />
          <Textarea
            label={t('documentRequests.backoffice.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            required
          />
          <Switch
            label={t('documentRequests.backoffice.blocking')}
            checked={blocking}
            onChange={(event) => setBlocking(event.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={create.isPending} disabled={reason.trim() === ''}>
              {t('documentRequests.backoffice.create')}
            </Button>
            <div role="status" aria-live="polite">
              {done && (
                <Text size="sm" fw={600}>
                  {t('documentRequests.backoffice.created')}
                </Text>
              )}
            </div>
          </Group>
          {create.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('documentRequests.backoffice.error', {
                message: errorText(create.error, t('backoffice.errors.generic')),
              })}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function RequestCard({ customerId, request }: { customerId: string; request: BackofficeDocumentRequest }) {
  const { t } = useTranslation();
  const accept = useAcceptDocumentRequest(customerId);
  const reject = useRejectDocumentRequest(customerId);
  const dateOf = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const error = accept.error ?? reject.error;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="bo-document-request"
      data-status={request.status}
      data-kind={request.kind}
    >
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={600}>{t(`documentRequests.kinds.${request.kind}`)}</Text>
          <Badge color={STATUS_COLORS[request.status]} variant="dot" tt="none" c="dark.7">
            {t(`documentRequests.statuses.${request.status}`)}
          </Badge>
          {request.blocking && (
            <Badge color="red.8" variant="outline" tt="none">
              {t('documentRequests.backoffice.blockingBadge')}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.reason}
        </Text>
        <Text size="xs" c="dimmed">
          {t('documentRequests.backoffice.requestedAt', {
            date: dateOf(request.createdAt),
            by: request.requestedBy ?? '—',
          })}
          {request.decidedAt &&
            ` · ${t('documentRequests.backoffice.decidedAt', { date: dateOf(request.decidedAt), by: request.decidedBy ?? '—' })}`}
        </Text>
        {request.rejectionReason && (
          <Text size="xs" c="dimmed">
            {t('documentRequests.backoffice.rejectionReason', { reason: request.rejectionReason })}
          </Text>
        )}
        {request.files.length === 0 ? (
          request.status === 'open' && (
            <Text size="sm" c="dimmed">
              {t('documentRequests.backoffice.noFile')}
            </Text>
          )
        ) : (
          <Stack gap={4}>
            {request.files.map((file, index) => (
              <RequestFileRow key={file.id} request={request} file={file} n={index + 1} />
            ))}
          </Stack>
        )}
        {request.status === 'submitted' && (
          <AcceptOrReject
            labels={{
              accept: t('documentRequests.backoffice.accept'),
              reject: t('documentRequests.backoffice.reject'),
              rejectReason: t('documentRequests.backoffice.rejectReason'),
              confirmReject: t('documentRequests.backoffice.confirmReject'),
              cancel: t('documentRequests.backoffice.cancel'),
            }}
            acceptColor="green"
            accepting={accept.isPending}
            rejectingNow={reject.isPending}
            onAccept={() => accept.mutate(request.id)}
            onReject={(reason) => reject.mutate({ requestId: request.id, reason })}
          />
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {t('documentRequests.backoffice.error', {
              message: errorText(error, t('backoffice.errors.generic')),
            })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** One file sent for a request (each fetch audited by the server). */
function RequestFileRow({
  request,
  file,
  n,
}: {
  request: BackofficeDocumentRequest;
  file: DocumentRequestFile;
  n: number;
}) {
  const { t } = useTranslation();
  return (
    <StoredFileRow
      testId="bo-document-request-file"
      label={t('documentRequests.backoffice.file', {
        n,
        type: FILE_TYPES[file.mime],
        size: Math.max(1, Math.round(file.size / 1024)),
      })}
      mime={file.mime}
      fileName={`document-${n}`}
      imageAlt={t('documentRequests.backoffice.imageAlt', {
        kind: t(`documentRequests.kinds.${request.kind}`),
      })}
      labels={{
        show: t('documentRequests.backoffice.show'),
        hide: t('documentRequests.backoffice.hide'),
        download: t('documentRequests.backoffice.download'),
      }}
      fetchBlob={() => fetchRequestFileBlob(request.id, file.id)}
      errorText={(cause) =>
        t('documentRequests.backoffice.error', { message: errorText(cause, t('backoffice.errors.generic')) })
      }
    />
  );
}
