import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DirectDebitMandate, MandateLimits } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useSetMandateLimits } from '../../api/direct-debits.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';
import { notifySuccess } from '../../ui/toasts.ts';
import { limitsValuesOf, mandateLimitsForm, type MandateLimitsValues } from './mandate-limits-form.ts';

/**
 * « Limites » of a mandate: an amount per collection in euros, a number of collections per month or
 * year. Empty fields lift a cap; a collection beyond them is returned SL01 on its due date.
 */
export function MandateLimitsModal(props: { mandate: DirectDebitMandate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const save = useSetMandateLimits();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MandateLimitsValues, unknown, MandateLimits>({
    resolver: zodResolver(
      mandateLimitsForm({
        amountInvalid: t('directDebits.limits.amountInvalid'),
        countInvalid: t('directDebits.limits.countInvalid'),
      }),
    ),
    defaultValues: { maxAmount: '', maxCount: '', period: '' },
  });
  const { errors } = form.formState;
  const mandate = props.mandate;

  useEffect(() => {
    if (mandate) form.reset(limitsValuesOf(mandate.limits));
  }, [mandate, form]);

  const close = () => {
    setFailure(null);
    save.reset();
    props.onClose();
  };

  const submit = form.handleSubmit((limits) => {
    if (!mandate) return;
    setFailure(null);
    save.mutate(
      { id: mandate.id, limits },
      {
        onSuccess: () => {
          notifySuccess(t('directDebits.limits.done'));
          close();
        },
        onError: (error) => setFailure(isApiError(error) ? error.detail : t('errors.generic')),
      },
    );
  });

  return (
    <Modal
      opened={mandate !== null}
      onClose={close}
      title={t('directDebits.limits.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      {mandate && (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="mandate-limits-form">
          <Stack gap="md">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {mandate.creditorName} · {t('directDebits.mandateRef', { reference: mandate.reference })}
            </Text>
            <Text size="sm">{t('directDebits.limits.intro')}</Text>
            <EuroInput
              label={t('directDebits.limits.maxAmount')}
              data-autofocus
              error={errors.maxAmount?.message}
              {...form.register('maxAmount')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('directDebits.limits.maxCount')}
                inputMode="numeric"
                autoComplete="off"
                error={errors.maxCount?.message}
                {...form.register('maxCount')}
              />
              <NativeSelect
                label={t('directDebits.limits.period')}
                data={[
                  { value: '', label: t('directDebits.limits.periodNone') },
                  { value: 'month', label: t('directDebits.limits.periodMonth') },
                  { value: 'year', label: t('directDebits.limits.periodYear') },
                ]}
                error={errors.period?.message}
                {...form.register('period')}
              />
            </SimpleGrid>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {t('directDebits.error', { detail: failure })}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('directDebits.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('directDebits.limits.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
