import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { BackofficeCustomerUpdate, INCOME_RANGES, type BackofficeCustomerDetail } from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { useUpdateCustomer } from '../api/backoffice.ts';
import { countryOptions } from '../onboarding/countries.ts';
import { Section } from './Section.tsx';

const FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'birthDate',
  'phone',
  'profession',
  'income',
  'address',
  'postalCode',
  'city',
  'taxCountry',
  'taxId',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const SAVED_MESSAGE_MS = 3000;

const valuesOf = (customer: BackofficeCustomerDetail): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, customer[field] ?? ''])) as Values;

/** Personal data edit (audited by the server): only the fields that changed are sent. */
export function PersonalDataForm({ customer }: { customer: BackofficeCustomerDetail }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer(customer.id);
  const [initial, setInitial] = useState(() => valuesOf(customer));
  const [saved, setSaved] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const form = useForm<Values>({ defaultValues: initial });
  const { errors } = form.formState;

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const submit = form.handleSubmit((values) => {
    setSaved(false);
    const changed = Object.fromEntries(
      FIELDS.filter((field) => values[field] !== initial[field]).map((f) => [f, values[f]]),
    );
    if (Object.keys(changed).length === 0) {
      setUnchanged(true);
      return;
    }
    setUnchanged(false);
    const parsed = BackofficeCustomerUpdate.safeParse(changed);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) {
          const message =
            issue.code === 'too_small' || issue.code === 'invalid_value'
              ? t('backoffice.edit.invalid')
              : issue.message;
          form.setError(field as Field, { message });
        }
      }
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (detail) => {
        const next = valuesOf(detail);
        setInitial(next);
        form.reset(next);
        setSaved(true);
      },
    });
  });

  const text = (field: Field, autoComplete?: string, type = 'text') => (
    <TextInput
      label={t(`backoffice.edit.${field}`)}
      type={type}
      autoComplete={autoComplete ?? 'off'}
      error={errors[field]?.message}
      {...form.register(field)}
    />
  );

  return (
    <Section title={t('backoffice.edit.title')} hint={t('backoffice.edit.intro')} testId="bo-edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
