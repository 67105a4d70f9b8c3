import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DirectDebitSettings } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useDirectDebitSettings, useSaveDirectDebitSettings } from '../../api/direct-debits.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { notifySuccess } from '../../ui/toasts.ts';
import { rulesForm, rulesValuesOf, type RulesValues } from './rules-form.ts';

/**
 * « Règles »: block every direct debit, accept only the listed creditors, refuse the blocked ones
 * (SEPA Creditor Identifiers, one a line). A collection they refuse is returned AG01 on its due date.
 */
export function RulesSection() {
  const { t } = useTranslation();
  const settings = useDirectDebitSettings();
  return (
    <Stack component="section" gap="sm" aria-labelledby="direct-debits-rules">
      <Title id="direct-debits-rules" order={2} fz="h3">
        {t('directDebits.rules.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('directDebits.rules.intro')}
      </Text>
      {settings.isPending ? (
        <Skeleton height={200} radius="lg" aria-label={t('common.loading')} />
      ) : settings.isError ? (
        <ErrorState
          message={isApiError(settings.error) ? settings.error.detail : t('errors.generic')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      ) : (
        <RulesForm saved={settings.data} />
      )}
    </Stack>
  );
}

function RulesForm({ saved }: { saved: DirectDebitSettings }) {
  const { t } = useTranslation();
  const save = useSaveDirectDebitSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RulesValues, unknown, DirectDebitSettings>({
    resolver: zodResolver(rulesForm((id) => t('directDebits.rules.invalidId', { id }))),
    defaultValues: rulesValuesOf(saved),
  });
  const { errors, isDirty } = form.formState;

  // The saved rules, whenever they change and the customer has not started editing.
  useEffect(() => {
    if (!isDirty) form.reset(rulesValuesOf(saved));
  }, [saved, isDirty, form]);

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    save.mutate(body, {
      onSuccess: (fresh) => {
        form.reset(rulesValuesOf(fresh));
        notifySuccess(t('directDebits.rules.done'));
      },
      onError: (error) => setFailure(isApiError(error) ? error.detail : t('errors.generic')),
    });
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="direct-debit-rules">
        <Stack gap="md">
          <Controller
            control={form.control}
            name="blockAll"
            render={({ field }) => (
              <Switch
                size="md"
                label={t('directDebits.rules.blockAll')}
                description={t('directDebits.rules.blockAllDescription')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
              />
            )}
          />
          <Textarea
            label={t('directDebits.rules.allowed')}
            description={t('directDebits.rules.allowedDescription')}
            placeholder="FR72ZZZ123456"
            autosize
            minRows={2}
            autoComplete="off"
            spellCheck={false}
            error={errors.allowed?.message}
            {...form.register('allowed')}
          />
          <Textarea
            label={t('directDebits.rules.blocked')}
            description={t('directDebits.rules.blockedDescription')}
            placeholder="FR72ZZZ123456"
            autosize
            minRows={2}
            autoComplete="off"
            spellCheck={false}
            error={errors.blocked?.message}
            {...form.register('blocked')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {t('directDebits.error', { detail: failure })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('directDebits.rules.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
