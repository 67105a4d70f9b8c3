import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  IDENTITY_FIELDS,
  INCOME_RANGES,
  type BackofficeCustomerDetail,
  type BackofficeCustomerUpdate,
} from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useUpdateCustomer } from '../../api/backoffice.ts';
import { countryOptions } from '../../onboarding/countries.ts';
import { Section } from '../Section.tsx';
import {
  personalDataForm,
  personalDataOf,
  type PersonalDataField as Field,
  type PersonalDataValues,
} from './personal-data-form.ts';

const SAVED_MESSAGE_MS = 3000;

/**
 * Personal data edit (audited by the server): only the fields that changed are sent. Once the
 * account is open the verified identity is read-only here: it changes through an accepted identity
 * change request (the server refuses it too).
 */
export function PersonalDataForm({ customer }: { customer: BackofficeCustomerDetail }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer(customer.id);
  const [initial, setInitial] = useState(() => personalDataOf(customer));
  const [saved, setSaved] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  // Only what changed from `initial` is checked and sent.
  const form = useForm<PersonalDataValues, unknown, BackofficeCustomerUpdate>({
    resolver: zodResolver(personalDataForm(initial, t('backoffice.edit.invalid'))),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const identityLocked = customer.status === 'active';
  const locked = (field: Field) => identityLocked && (IDENTITY_FIELDS as readonly string[]).includes(field);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const submit = form.handleSubmit(
    (changed) => {
      setSaved(false);
      if (Object.keys(changed).length === 0) {
        setUnchanged(true);
        return;
      }
      setUnchanged(false);
      update.mutate(changed, {
        onSuccess: (detail) => {
          const next = personalDataOf(detail);
          setInitial(next);
          form.reset(next);
          setSaved(true);
        },
      });
    },
    () => {
      setSaved(false);
      setUnchanged(false);
    },
  );

  const text = (field: Field, autoComplete?: string, type = 'text') => (
    <TextInput
      label={t(`backoffice.edit.${field}`)}
      type={type}
      autoComplete={autoComplete ?? 'off'}
      error={errors[field]?.message}
      disabled={locked(field)}
      {...form.register(field)}
    />
  );

  return (
    <Section title={t('backoffice.edit.title')} hint={t('backoffice.edit.intro')} testId="bo-edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {identityLocked && (
            <Text size="sm" c="dimmed">
              {t('identityChange.backoffice.lockedHint')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {text('firstName')}
            {text('lastName')}
            <NativeSelect
              label={t('backoffice.edit.gender')}
              data={[
                { value: '', label: t('backoffice.edit.choose') },
                { value: 'male', label: t('backoffice.panel.male') },
                { value: 'female', label: t('backoffice.panel.female') },
              ]}
              error={errors.gender?.message}
              {...form.register('gender')}
            />
            {text('birthDate', 'off', 'date')}
            {text('phone', 'off', 'tel')}
            {text('profession')}
            <NativeSelect
              label={t('backoffice.edit.income')}
              data={[
                { value: '', label: t('backoffice.edit.choose') },
                ...INCOME_RANGES.map((range) => ({ value: range, label: t(`onboarding.incomes.${range}`) })),
              ]}
              error={errors.income?.message}
              {...form.register('income')}
            />
            {text('address')}
            {text('postalCode')}
            {text('city')}
            <NativeSelect
              label={t('backoffice.edit.taxCountry')}
              data={[{ value: '', label: t('backoffice.edit.choose') }, ...countryOptions()]}
              error={errors.taxCountry?.message}
              disabled={locked('taxCountry')}
              {...form.register('taxCountry')}
            />
            {text('taxId')}
          </SimpleGrid>
          <div role="status" aria-live="polite">
            {saved && (
              <Alert color="teal" variant="light">
                {t('backoffice.edit.success')}
              </Alert>
            )}
            {unchanged && !saved && (
              <Alert color="gray" variant="light">
                {t('backoffice.edit.nothingChanged')}
              </Alert>
            )}
          </div>
          {update.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(update.error) ? update.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('backoffice.edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
