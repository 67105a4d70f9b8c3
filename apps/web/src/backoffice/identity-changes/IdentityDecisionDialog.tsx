import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { BackofficeIdentityChangeRequest } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import classes from '../contrast.module.css';
import { IdentityValuesTable } from './IdentityValuesTable.tsx';

export type IdentityDecision = 'accept' | 'reject';

/**
 * Confirms a decision on an identity change request: the change itself (each field before and
 * after) and a note — optional for an acceptance, required for a rejection (the reason the customer
 * reads) — kept with the request; the decision's audit row says whether one was given.
 */
export function IdentityDecisionDialog({
  request,
  decision,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  request: BackofficeIdentityChangeRequest;
  decision: IdentityDecision;
  pending: boolean;
  error: string | null;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const accept = decision === 'accept';
  const missing = !accept && note.trim() === '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(accept ? 'identityChange.backoffice.acceptTitle' : 'identityChange.backoffice.rejectTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': t('identityChange.backoffice.cancel') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!missing) onConfirm(note.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t(accept ? 'identityChange.backoffice.acceptIntro' : 'identityChange.backoffice.rejectIntro')}
          </Text>
          <IdentityValuesTable request={request} testId="bo-identity-decision-values" />
          <Textarea
            label={t(
              accept ? 'identityChange.backoffice.acceptNote' : 'identityChange.backoffice.rejectReason',
            )}
            description={t(
              accept
                ? 'identityChange.backoffice.acceptNoteHint'
                : 'identityChange.backoffice.rejectReasonHint',
            )}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            required={!accept}
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('identityChange.backoffice.cancel')}
            </Button>
            <Button type="submit" color={accept ? undefined : 'red'} loading={pending} disabled={missing}>
              {t(
                accept
                  ? 'identityChange.backoffice.confirmAccept'
                  : 'identityChange.backoffice.confirmReject',
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
