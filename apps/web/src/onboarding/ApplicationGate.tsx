import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import type { OnboardingState } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useOnboardingState } from '../api/onboarding.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { STEP_PATHS } from './steps.ts';

type Requirement = keyof OnboardingState['steps'] | 'none';

interface ApplicationGateProps {
  /** The step that must be done before this one; otherwise the journey resumes where it stopped. */
  requires: Requirement;
  children: (state: OnboardingState) => ReactNode;
}

/**
 * Steps after the first need the application the server keeps behind its cookie: without one,
 * back to step 1; with a step still missing, to where the server says the journey resumes.
 */
export function ApplicationGate({ requires, children }: ApplicationGateProps) {
  const { t } = useTranslation();
  const state = useOnboardingState();

  if (state.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label={t('onboarding.loading')} />
      </Center>
    );
  }
  if (state.isError) {
    return (
      <ErrorState
        message={isApiError(state.error) ? state.error.detail : t('errors.generic')}
        onRetry={() => void state.refetch()}
        retrying={state.isFetching}
      />
    );
  }
  if (state.data === null) return <Navigate to={STEP_PATHS.situation} replace />;
  if (requires !== 'none' && !state.data.steps[requires]) {
    return <Navigate to={state.data.nextPath.toLowerCase()} replace />;
  }
  return children(state.data);
}
