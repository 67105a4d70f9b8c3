import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { DecideDirectDebitClaim, type BackofficeDirectDebitClaim } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useDecideDirectDebitClaim } from '../../api/backoffice-direct-debits.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import classes from '../contrast.module.css';

/**
 * The confirmation of a decision on a claim: what it does (an acceptance credits the amount back,
 * value-dated on the debit date) and the note the customer reads, required (`DecideDirectDebitClaim`).
 */
export function ClaimDecisionDialog({
  claim,
  decision,
  debitedOn,
  onClose,
}: {
  claim: BackofficeDirectDebitClaim;
  decision: 'accept' | 'reject';
  debitedOn: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideDirectDebitClaim();
  const form = useForm<z.input<typeof DecideDirectDebitClaim>, unknown, DecideDirectDebitClaim>({
    resolver: zodResolver(DecideDirectDebitClaim),
    defaultValues: { decision, note: '' },
  });
  const accepting = decision === 'accept';
  const facts = {
    amount: formatEuros(BigInt(claim.collection.amount)),
    name: claim.customerName,
    creditor: claim.collection.creditorName,
    date: debitedOn,
  };

  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { claimId: claim.id, decision: body },
      {
        onSuccess: () => {
          notifySuccess(
            t(
              accepting ? 'backofficeDirectDebits.claims.accepted' : 'backofficeDirectDebits.claims.rejected',
            ),
          );
          onClose();
        },
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(
        accepting ? 'backofficeDirectDebits.claims.acceptTitle' : 'backofficeDirectDebits.claims.rejectTitle',
      )}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': t('backofficeDirectDebits.claims.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t(
              accepting
                ? 'backofficeDirectDebits.claims.acceptIntro'
                : 'backofficeDirectDebits.claims.rejectIntro',
              facts,
            )}
          </Text>
          <Textarea
            label={t('backofficeDirectDebits.claims.noteLabel')}
            description={t('backofficeDirectDebits.claims.noteHint')}
            autosize
            minRows={3}
            maxLength={1000}
            required
            data-autofocus
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          {decide.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(decide.error) ? decide.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('backofficeDirectDebits.claims.cancel')}
            </Button>
            <Button type="submit" color={accepting ? undefined : 'red.8'} loading={decide.isPending}>
              {t(
                accepting
                  ? 'backofficeDirectDebits.claims.confirmAccept'
                  : 'backofficeDirectDebits.claims.confirmReject',
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
