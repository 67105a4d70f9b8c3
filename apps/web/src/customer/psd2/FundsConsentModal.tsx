import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CreatePsd2FundsConsentRequest } from '@comptoir/contracts';
import { formatIban, parisDate } from '@comptoir/core';
import { useAccounts } from '../../api/accounts.ts';
import { isApiError } from '../../api/api-error.ts';
import { useCreatePsd2FundsConsent } from '../../api/psd2.ts';
import { useStrongAuth } from '../../sca/index.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { FundsConsentScaSummary } from './FundsConsentScaSummary.tsx';
import {
  emptyFundsConsent,
  fundsAccounts,
  fundsConsentDays,
  fundsConsentForm,
  fundsConsentScaDetails,
  type FundsConsentValues,
} from './funds-consent-form.ts';
import { longDay } from './psd2-view.ts';

/**
 * « Autoriser un émetteur de carte » (PSD2 art. 65): the card issuer's identifier, one account with
 * an IBAN, the last day (a year from today unless changed). The strong authentication shows what is
 * agreed and is bound to exactly that; the server then checks the issuer is a known card issuer.
 */
export function FundsConsentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  // The form is mounted at each opening (the dialog drops its content once closed): it starts
  // afresh, its window counted from that day.
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('psd2.funds.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      radius="lg"
      centered
    >
      <FundsConsentForm onClose={onClose} />
    </Modal>
  );
}

function FundsConsentForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const accounts = useAccounts();
  const create = useCreatePsd2FundsConsent();
  const [failure, setFailure] = useState<string | null>(null);
  // The bank's day when the form opens: the window and the default end are counted from it.
  const [today] = useState(() => parisDate(new Date()));
  const days = fundsConsentDays(today);
  const choices = useMemo(() => fundsAccounts(accounts.data ?? []), [accounts.data]);

  const form = useForm<FundsConsentValues, unknown, CreatePsd2FundsConsentRequest>({
    resolver: zodResolver(
      fundsConsentForm(today, {
        accountRequired: t('psd2.funds.accountRequired'),
        dateInvalid: t('psd2.funds.dateInvalid', { min: longDay(days.min), max: longDay(days.max) }),
      }),
    ),
    defaultValues: emptyFundsConsent(accounts.data ?? [], today),
  });
  const { errors } = form.formState;
  const loaded = accounts.data !== undefined;

  // The main account, also when the accounts arrive after the form opened (nothing else touched).
  const defaultAccountId = choices[0]?.id ?? '';
  useEffect(() => {
    if (defaultAccountId && !form.getValues('accountId')) form.setValue('accountId', defaultAccountId);
  }, [defaultAccountId, form]);

  const submit = form.handleSubmit(async (request) => {
    setFailure(null);
    const account = choices.find((a) => a.id === request.accountId);
    if (!account) return;
    const scaToken = await strongAuth.confirm({
      action: 'psd2_funds_consent',
      details: fundsConsentScaDetails(request),
      title: t('psd2.funds.sca.title'),
      summary: <FundsConsentScaSummary request={request} account={account} />,
    });
    if (!scaToken) return;
    create.mutate(
      { request, scaToken },
      {
        onSuccess: (consent) => {
          notifySuccess(
            t('psd2.funds.created', { tpp: consent.tpp.name, date: longDay(consent.validUntil) }),
          );
          onClose();
        },
        onError: (error) =>
          setFailure(
            t('common.errorWithDetail', { detail: isApiError(error) ? error.detail : t('errors.generic') }),
          ),
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="psd2-funds-form">
      <Stack gap="md">
        <Text size="sm">{t('psd2.funds.intro')}</Text>
        <TextInput
          label={t('psd2.funds.organisationId')}
          description={t('psd2.funds.organisationIdHint')}
          required
          maxLength={64}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          styles={{ input: { textTransform: 'uppercase' } }}
          error={errors.organisationId?.message}
          {...form.register('organisationId')}
        />
        <NativeSelect
          label={t('psd2.funds.account')}
          required
          disabled={!loaded || choices.length === 0}
          data={
            !loaded
              ? [{ value: '', label: t('psd2.funds.accountsLoading') }]
              : choices.length === 0
                ? [{ value: '', label: t('psd2.funds.noAccount') }]
                : choices.map((account) => ({
                    value: account.id,
                    label: `${account.name} · ${formatIban(account.iban)}`,
                  }))
          }
          error={errors.accountId?.message}
          {...form.register('accountId')}
        />
        <TextInput
          type="date"
          label={t('psd2.funds.validUntil')}
          description={t('psd2.funds.validUntilHint')}
          required
          min={days.min}
          max={days.max}
          error={errors.validUntil?.message}
          {...form.register('validUntil')}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="psd2-funds-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('psd2.funds.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={choices.length === 0}>
            {t('psd2.funds.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
