import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import {
  DOCUMENT_KINDS,
  RejectRequest,
  RequestCorrectionsRequest,
  requiredDocumentKinds,
  type BackofficeCustomerDetail,
  type DocumentKind,
} from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useApprove, useReject, useRequestCorrections } from '../../api/backoffice.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { Section } from '../Section.tsx';
import { ReviewScreening } from './ReviewScreening.tsx';
import classes from '../contrast.module.css';

type Dialog = 'approve' | 'corrections' | 'reject' | null;

/** Approve / request corrections / reject, each confirmed (docs/product/back-office.md#customers). */
export function ReviewActions({ customer, name }: { customer: BackofficeCustomerDetail; name: string }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const canApprove = customer.status === 'pending_review';
  const canReject = customer.status === 'pending_review' || customer.status === 'corrections_requested';
  if (!canReject) return null;

  return (
    <Section title={t('backoffice.review.title')} testId="bo-review">
      <ReviewScreening customerId={customer.id} />
      <Group gap="sm">
        {canApprove && (
          <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDialog('approve')}>
            {t('backoffice.review.approve')}
          </Button>
        )}
        {canApprove && (
          <Button
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            onClick={() => setDialog('corrections')}
          >
            {t('backoffice.review.requestCorrections')}
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => setDialog('reject')}
        >
          {t('backoffice.review.reject')}
        </Button>
      </Group>
      {dialog === 'approve' && (
        <ApproveDialog customerId={customer.id} name={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'corrections' && <CorrectionsDialog customer={customer} onClose={() => setDialog(null)} />}
      {dialog === 'reject' && <RejectDialog customerId={customer.id} onClose={() => setDialog(null)} />}
    </Section>
  );
}

function useErrorText(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  return t('backoffice.errors.withDetail', {
    message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
  });
}

function ApproveDialog({
  customerId,
  name,
  onClose,
}: {
  customerId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApprove(customerId);
  const error = useErrorText(approve.error);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('backoffice.review.approveTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
    >
      <Stack gap="md">
        <Text>{t('backoffice.review.approveConfirm', { name })}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('backoffice.review.cancel')}
          </Button>
          <Button
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(undefined, {
                onSuccess: ({ account }) => {
                  notifySuccess(t('backoffice.review.approved', { iban: account.iban }));
                  onClose();
                },
              })
            }
          >
            {t('backoffice.review.approveSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CorrectionsDialog({
  customer,
  onClose,
}: {
  customer: BackofficeCustomerDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const request = useRequestCorrections(customer.id);
  const [reasons, setReasons] = useState('');
  const [kinds, setKinds] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = useErrorText(request.error);
  // Only the documents of this application: a passport applicant has no identity card to send again.
  const documentType = customer.application?.documentType ?? null;
  const offered: readonly DocumentKind[] = documentType
    ? requiredDocumentKinds(documentType)
    : DOCUMENT_KINDS;

  const submit = () => {
    const parsed = RequestCorrectionsRequest.safeParse({
      reasons: reasons
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      documentKinds: kinds,
    });
    if (!parsed.success) {
      setInvalid(t('backoffice.review.reasonsRequired'));
      return;
    }
    setInvalid(null);
    request.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('backoffice.review.correctionsSent'));
        onClose();
      },
    });
  };

  return (
    <Modal
      classNames={{ content: classes.readable }}
      opened
      onClose={onClose}
      title={t('backoffice.review.correctionsTitle')}
      centered
      radius="md"
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t('backoffice.review.correctionsIntro')}</Text>
        <Textarea
          label={t('backoffice.review.reasons')}
          description={t('backoffice.review.reasonsHint')}
          placeholder={t('backoffice.review.reasonsPlaceholder')}
          autosize
          minRows={3}
          required
          data-autofocus
          value={reasons}
          onChange={(event) => setReasons(event.currentTarget.value)}
          error={invalid}
        />
        <Checkbox.Group label={t('backoffice.review.documentsToResend')} value={kinds} onChange={setKinds}>
          <Stack gap={6} mt={6}>
            {offered.map((kind) => (
              <Checkbox key={kind} value={kind} label={t(`backoffice.documents.kinds.${kind}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('backoffice.review.cancel')}
          </Button>
          <Button loading={request.isPending} onClick={submit}>
            {t('backoffice.review.correctionsSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useReject(customerId);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = useErrorText(reject.error);

  const submit = () => {
    const parsed = RejectRequest.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(t('backoffice.review.reasonRequired'));
      return;
    }
    setInvalid(null);
    reject.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('backoffice.review.rejected'));
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('backoffice.review.rejectTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
    >
      <Stack gap="md">
        <Text size="sm">{t('backoffice.review.rejectIntro')}</Text>
        <Textarea
          label={t('backoffice.review.reason')}
          autosize
          minRows={3}
          required
          data-autofocus
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={invalid}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('backoffice.review.cancel')}
          </Button>
          <Button color="red.8" loading={reject.isPending} onClick={submit}>
            {t('backoffice.review.rejectSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
