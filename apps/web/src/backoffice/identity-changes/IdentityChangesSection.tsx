import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { BackofficeIdentityChangeRequest } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import {
  fetchIdentityDocumentBlob,
  useAcceptIdentityChange,
  useCustomerIdentityChanges,
  useRejectIdentityChange,
} from '../../api/identity-changes.ts';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';
import { FILE_TYPES, StoredFileRow } from '../documents/StoredFileRow.tsx';
import { IdentityDecisionDialog, type IdentityDecision } from './IdentityDecisionDialog.tsx';
import { IdentityValuesTable } from './IdentityValuesTable.tsx';

const STATUS_COLORS: Record<BackofficeIdentityChangeRequest['status'], string> = {
  pending: 'blue',
  accepted: 'green',
  rejected: 'gray',
};

const errorText = (error: unknown, generic: string): string => (isApiError(error) ? error.detail : generic);

/**
 * docs/product/back-office.md#customers: the customer's identity change requests, the values on file beside those asked for, the
 * supporting document (each opening audited) and, for admin and compliance, accept (with an
 * optional note) or reject (with a reason), each in a dialog that shows the change again. Support
 * reads the list only.
 */
export function IdentityChangesSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const operator = useOperatorState();
  const decider = operator.data?.stage === 'signedIn' && operator.data.operator.role !== 'support';
  const requests = useCustomerIdentityChanges(customerId);
  if (!requests.data || requests.data.length === 0) {
    if (!requests.isError) return null;
  }
  return (
    <Section
      title={t('identityChange.backoffice.title')}
      hint={t('identityChange.backoffice.hint')}
      testId="bo-identity-changes"
    >
      {requests.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('identityChange.error', { message: errorText(requests.error, t('backoffice.errors.generic')) })}
        </Alert>
      ) : (
        <Stack gap="sm">
          {(requests.data ?? []).map((request) => (
            <RequestCard key={request.id} customerId={customerId} request={request} decider={decider} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function RequestCard({
  customerId,
  request,
  decider,
}: {
  customerId: string;
  request: BackofficeIdentityChangeRequest;
  decider: boolean;
}) {
  const { t } = useTranslation();
  const accept = useAcceptIdentityChange(customerId);
  const reject = useRejectIdentityChange(customerId);
  const dateOf = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const error = accept.error ?? reject.error;
  const [deciding, setDeciding] = useState<IdentityDecision | null>(null);
  const closeDialog = () => {
    setDeciding(null);
    accept.reset();
    reject.reset();
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="bo-identity-change" data-status={request.status}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={STATUS_COLORS[request.status]} variant="dot" tt="none" c="dark.7">
            {t(`identityChange.statuses.${request.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('identityChange.backoffice.requestedAt', { date: dateOf(request.createdAt) })}
            {request.decidedAt &&
              ` · ${t('identityChange.backoffice.decidedAt', { date: dateOf(request.decidedAt), by: request.decidedBy ?? '—' })}`}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={280}>
          <IdentityValuesTable request={request} testId="bo-identity-change-values" />
        </Table.ScrollContainer>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('identityChange.backoffice.reason', { reason: request.reason })}
        </Text>
        {request.rejectionReason && (
          <Text size="xs" c="dimmed">
            {t('identityChange.backoffice.rejectionReason', { reason: request.rejectionReason })}
          </Text>
        )}
        {request.decisionNote && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('identityChange.backoffice.decisionNote', { note: request.decisionNote })}
          </Text>
        )}
        {decider && <DocumentRow request={request} />}
        {decider && request.status === 'pending' && (
          <Group gap="xs">
            <Button size="xs" onClick={() => setDeciding('accept')}>
              {t('identityChange.backoffice.accept')}
            </Button>
            <Button size="xs" variant="default" color="red" onClick={() => setDeciding('reject')}>
              {t('identityChange.backoffice.reject')}
            </Button>
          </Group>
        )}
        {deciding && (
          <IdentityDecisionDialog
            request={request}
            decision={deciding}
            pending={accept.isPending || reject.isPending}
            error={
              error
                ? t('identityChange.error', { message: errorText(error, t('backoffice.errors.generic')) })
                : null
            }
            onClose={closeDialog}
            onConfirm={(note) => {
              const done = { onSuccess: () => setDeciding(null) };
              if (deciding === 'accept') accept.mutate({ requestId: request.id, note }, done);
              else reject.mutate({ requestId: request.id, reason: note }, done);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The supporting document (each fetch audited by the server). */
function DocumentRow({ request }: { request: BackofficeIdentityChangeRequest }) {
  const { t } = useTranslation();
  const { mime, size } = request.document;
  return (
    <StoredFileRow
      testId="bo-identity-change-document"
      label={t('identityChange.backoffice.document', {
        type: FILE_TYPES[mime],
        size: Math.max(1, Math.round(size / 1024)),
      })}
      mime={mime}
      fileName="justificatif"
      imageAlt={t('identityChange.backoffice.imageAlt')}
      labels={{
        show: t('identityChange.backoffice.show'),
        hide: t('identityChange.backoffice.hide'),
        download: t('identityChange.backoffice.download'),
      }}
      fetchBlob={() => fetchIdentityDocumentBlob(request.id)}
      errorText={(cause) =>
        t('identityChange.error', { message: errorText(cause, t('backoffice.errors.generic')) })
      }
    />
  );
}
