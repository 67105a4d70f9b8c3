import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CreateDirectDebitClaim, type DirectDebitCollection } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useClaimCollection } from '../../api/direct-debits.ts';
import { notifySuccess } from '../../ui/toasts.ts';

type ClaimValues = { reason: string };

/**
 * « Contester »: the customer says why the collection was not authorised (the contract's rule: 1
 * to 1,000 characters); compliance decides, and the row shows the claim's state and the decision.
 */
export function ClaimModal(props: { collection: DirectDebitCollection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const claim = useClaimCollection();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ClaimValues, unknown, CreateDirectDebitClaim>({
    resolver: zodResolver(CreateDirectDebitClaim),
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;
  const c = props.collection;

  useEffect(() => {
    if (c) form.reset({ reason: '' });
  }, [c, form]);

  const close = () => {
    setFailure(null);
    claim.reset();
    props.onClose();
  };

  const submit = form.handleSubmit((body) => {
    if (!c) return;
    setFailure(null);
    claim.mutate(
      { id: c.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('directDebits.claim.done'));
          close();
        },
        onError: (error) => setFailure(isApiError(error) ? error.detail : t('errors.generic')),
      },
    );
  });

  return (
    <Modal
      opened={c !== null}
      onClose={close}
      title={t('directDebits.claim.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      {c && (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="direct-debit-claim-form">
          <Stack gap="md">
            <Text fw={600}>
              {c.creditorName} · {formatEuros(cents(c.amount))}
            </Text>
            <Text size="sm">{t('directDebits.claim.body')}</Text>
            <Textarea
              label={t('directDebits.claim.reason')}
              placeholder={t('directDebits.claim.reasonPlaceholder')}
              autosize
              minRows={3}
              maxLength={1000}
              data-autofocus
              error={errors.reason?.message}
              {...form.register('reason')}
            />
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {t('directDebits.error', { detail: failure })}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('directDebits.cancel')}
              </Button>
              <Button type="submit" loading={claim.isPending}>
                {t('directDebits.claim.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
