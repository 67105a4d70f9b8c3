import { Alert, Button, Center, Loader, NativeSelect, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_RESIDENCE_COUNTRY,
  INCOME_RANGES,
  OnboardingStartRequest,
  type OnboardingState,
} from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useOnboardingState, useStartOnboarding } from '../api/onboarding.ts';
import { countryOptions } from './countries.ts';
import { splitRequired } from './form-errors.ts';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

/** docs/product/onboarding.md#steps: pays (France by default), revenus, profession — the application starts here. */
export function Inscription1Page() {
  const { t } = useTranslation();
  const state = useOnboardingState();
  return (
    <OnboardingStep step={1} title={t('onboarding.step1.title')} intro={t('onboarding.step1.intro')}>
      {state.isPending ? (
        <Center py="md" role="status">
          <Loader size="sm" aria-label={t('onboarding.loading')} />
        </Center>
      ) : (
        <SituationForm existing={state.data ?? null} />
      )}
    </OnboardingStep>
  );
}

function SituationForm({ existing }: { existing: OnboardingState | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartOnboarding();
  const form = useForm<z.input<typeof OnboardingStartRequest>, unknown, OnboardingStartRequest>({
    resolver: zodResolver(OnboardingStartRequest),
    defaultValues: {
      country: existing?.country ?? DEFAULT_RESIDENCE_COUNTRY,
      income: existing?.income,
      profession: existing?.profession ?? '',
    },
  });
  const { anyMissing, fieldError } = splitRequired(form.formState.errors);

  const submit = form.handleSubmit((values) => {
    const unchanged =
      existing !== null &&
      existing.country === values.country &&
      existing.income === values.income &&
      existing.profession === values.profession;
    // Same answers: nothing to send.
    if (unchanged) {
      void navigate(STEP_PATHS.conditions);
      return;
    }
    start.mutate(values, { onSuccess: () => void navigate(STEP_PATHS.conditions) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t('onboarding.step1.country')}
          required
          autoComplete="country"
          data={countryOptions()}
          error={fieldError('country')}
          {...form.register('country')}
        />
        <NativeSelect
          label={t('onboarding.step1.income')}
          required
          data={[
            { value: '', label: t('onboarding.chooseOption') },
            ...INCOME_RANGES.map((range) => ({ value: range, label: t(`onboarding.incomes.${range}`) })),
          ]}
          error={fieldError('income')}
          {...form.register('income')}
        />
        <TextInput
          label={t('onboarding.step1.profession')}
          placeholder={t('onboarding.step1.professionPlaceholder')}
          autoComplete="organization-title"
          required
          error={fieldError('profession')}
          {...form.register('profession')}
        />
        {anyMissing && (
          <Alert color="red" variant="light" role="alert">
            {t('onboarding.required')}
          </Alert>
        )}
        {start.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(start.error) ? start.error.detail : t('errors.generic')}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={start.isPending}>
          {t('onboarding.next')}
        </Button>
      </Stack>
    </form>
  );
}
