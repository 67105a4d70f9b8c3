import { Alert, Button, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { OnboardingEmailForm, type OnboardingState } from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useUpdateOnboarding } from '../api/onboarding.ts';
import { EmailField } from '../auth/fields/index.ts';
import { ApplicationGate } from './ApplicationGate.tsx';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

/** docs/product/onboarding.md#steps: the e-mail, required and well formed. An address already known is never revealed here. */
export function Inscription3Page() {
  const { t } = useTranslation();
  return (
    <OnboardingStep
      step={3}
      title={t('onboarding.step3.title')}
      intro={t('onboarding.step3.intro')}
      backTo={STEP_PATHS.conditions}
    >
      <ApplicationGate requires="profile">{(state) => <EmailForm state={state} />}</ApplicationGate>
    </OnboardingStep>
  );
}

function EmailForm({ state }: { state: OnboardingState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateOnboarding();
  const form = useForm({ resolver: zodResolver(OnboardingEmailForm), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const next = () => void navigate(STEP_PATHS.identityIntro);

  const submit = form.handleSubmit(({ email }) => update.mutate({ email }, { onSuccess: next }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField
          label={t('onboarding.step3.email')}
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        {state.emailMasked && (
          <Text size="sm" c="dimmed">
            {t('onboarding.step3.current', { email: state.emailMasked })}
          </Text>
        )}
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(update.error) ? update.error.detail : t('errors.generic')}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={update.isPending}>
          {t('onboarding.next')}
        </Button>
        {state.emailMasked && state.steps.email && (
          <Button variant="subtle" onClick={next}>
            {t('onboarding.step3.keepCurrent', { email: state.emailMasked })}
          </Button>
        )}
      </Stack>
    </form>
  );
}
