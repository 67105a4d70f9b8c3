import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADULT_AGE, OnboardingSubmitRequest, type OnboardingState } from '@comptoir/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useSubmitOnboarding } from '../api/onboarding.ts';
import { NewPasswordField } from '../auth/fields/index.ts';
import { ApplicationGate } from './ApplicationGate.tsx';
import { countryOptions } from './countries.ts';
import { splitRequired } from './form-errors.ts';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

/** docs/product/onboarding.md#steps: the applicant's details and password; submitting creates the customer. */
export function Inscription6Page() {
  const { t } = useTranslation();
  return (
    <OnboardingStep
      step={9}
      title={t('onboarding.step6.title')}
      intro={t('onboarding.step6.intro')}
      backTo={STEP_PATHS.proofOfAddress}
    >
      <ApplicationGate requires="documents">{(state) => <DetailsForm state={state} />}</ApplicationGate>
    </OnboardingStep>
  );
}

/** Section titles of the form, read as such (a fieldset legend, styled like a small heading). */
const legendStyles = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-lg)',
    color: 'var(--mantine-color-comptoir-9)',
    marginBottom: 'var(--mantine-spacing-sm)',
  },
};

/** The latest birth date that is 18 today, for the date picker's `max`. */
function latestAdultBirthDate(): string {
  const today = new Date();
  const date = new Date(Date.UTC(today.getFullYear() - ADULT_AGE, today.getMonth(), today.getDate()));
  return date.toISOString().slice(0, 10);
}

function DetailsForm({ state }: { state: OnboardingState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submitOnboarding = useSubmitOnboarding();
  const form = useForm({
    resolver: zodResolver(OnboardingSubmitRequest),
    defaultValues: {
      firstName: '',
      lastName: '',
      birthDate: '',
      phone: '',
      address: '',
      postalCode: '',
      city: '',
      taxCountry: state.country,
      taxId: '',
      password: '',
      passwordConfirmation: '',
    },
  });
  const { anyMissing, fieldError } = splitRequired(form.formState.errors);

  const submit = form.handleSubmit((values) =>
    submitOnboarding.mutate(values, {
      onSuccess: () => void navigate(STEP_PATHS.checkMailbox, { replace: true }),
    }),
  );

  const error = submitOnboarding.error;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('onboarding.step6.identity')} variant="unstyled" styles={legendStyles}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label={t('onboarding.step6.firstName')}
                autoComplete="given-name"
                required
                error={fieldError('firstName')}
                {...form.register('firstName')}
              />
              <TextInput
                label={t('onboarding.step6.lastName')}
                autoComplete="family-name"
                required
                error={fieldError('lastName')}
                {...form.register('lastName')}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="gender"
              render={({ field }) => (
                <Radio.Group
                  label={t('onboarding.step6.gender')}
                  required
                  name={field.name}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  error={fieldError('gender')}
                >
                  <Group gap="xl" mt={6}>
                    <Radio value="male" label={t('onboarding.step6.male')} ref={field.ref} />
                    <Radio value="female" label={t('onboarding.step6.female')} />
                  </Group>
                </Radio.Group>
              )}
            />
            <TextInput
              label={t('onboarding.step6.birthDate')}
              type="date"
              autoComplete="bday"
              max={latestAdultBirthDate()}
              min="1900-01-01"
              required
              error={fieldError('birthDate')}
              {...form.register('birthDate')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('onboarding.step6.contact')} variant="unstyled" styles={legendStyles}>
          <Stack gap="md">
            <TextInput
              label={t('onboarding.step6.phone')}
              description={t('onboarding.step6.phoneHint')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('onboarding.step6.phonePlaceholder')}
              required
              error={fieldError('phone')}
              {...form.register('phone')}
            />
            <TextInput
              label={t('onboarding.step6.address')}
              autoComplete="street-address"
              required
              error={fieldError('address')}
              {...form.register('address')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label={t('onboarding.step6.postalCode')}
                autoComplete="postal-code"
                required
                error={fieldError('postalCode')}
                {...form.register('postalCode')}
              />
              <TextInput
                label={t('onboarding.step6.city')}
                autoComplete="address-level2"
                required
                error={fieldError('city')}
                {...form.register('city')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('onboarding.step6.tax')} variant="unstyled" styles={legendStyles}>
          <Stack gap="md">
            <NativeSelect
              label={t('onboarding.step6.taxCountry')}
              required
              data={countryOptions()}
              error={fieldError('taxCountry')}
              {...form.register('taxCountry')}
            />
            <TextInput
              label={t('onboarding.step6.taxId')}
              description={t('onboarding.step6.taxIdHint')}
              autoComplete="off"
              required
              error={fieldError('taxId')}
              {...form.register('taxId')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('onboarding.step6.security')} variant="unstyled" styles={legendStyles}>
          <Stack gap="md">
            <NewPasswordField
              label={t('onboarding.step6.password')}
              description={t('onboarding.step6.passwordHint')}
              required
              error={fieldError('password')}
              {...form.register('password')}
            />
            <NewPasswordField
              label={t('onboarding.step6.passwordConfirmation')}
              required
              error={fieldError('passwordConfirmation')}
              {...form.register('passwordConfirmation')}
            />
          </Stack>
        </Fieldset>

        {anyMissing && (
          <Alert color="red" variant="light" role="alert">
            {t('onboarding.required')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(error) ? error.detail : t('errors.generic')}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={submitOnboarding.isPending}>
          {t('onboarding.step6.submit')}
        </Button>
      </Stack>
    </form>
  );
}
