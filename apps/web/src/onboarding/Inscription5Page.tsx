import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconId, IconBook2 } from '@tabler/icons-react';
import {
  DEFAULT_DOCUMENT_COUNTRY,
  OnboardingDocumentChoiceForm,
  type IdentityDocumentType,
  type OnboardingState,
} from '@comptoir/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useUpdateOnboarding } from '../api/onboarding.ts';
import { ApplicationGate } from './ApplicationGate.tsx';
import { countryOptions } from './countries.ts';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

/** docs/product/onboarding.md#steps: country of issue (Luxembourg by default), then « Carte d'identité » or « Passeport ». */
export function Inscription5Page() {
  const { t } = useTranslation();
  return (
    <OnboardingStep
      step={5}
      title={t('onboarding.step5.title')}
      intro={t('onboarding.step5.intro')}
      backTo={STEP_PATHS.identityIntro}
    >
      <ApplicationGate requires="email">{(state) => <DocumentChoice state={state} />}</ApplicationGate>
    </OnboardingStep>
  );
}

/** A label never cut: it wraps when the button is narrower than its text. */
const WRAPPING_LABEL = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

function DocumentChoice({ state }: { state: OnboardingState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateOnboarding();
  const [country, setCountry] = useState(state.documentCountry ?? DEFAULT_DOCUMENT_COUNTRY);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<IdentityDocumentType | null>(null);

  const choose = (documentType: IdentityDocumentType) => {
    const parsed = OnboardingDocumentChoiceForm.safeParse({ documentCountry: country, documentType });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('onboarding.required'));
      return;
    }
    setError(null);
    setChosen(documentType);
    update.mutate(parsed.data, {
      onSuccess: () => void navigate(documentType === 'passport' ? STEP_PATHS.passport : STEP_PATHS.idCard),
    });
  };

  return (
    <Stack gap="lg">
      <NativeSelect
        label={t('onboarding.step5.country')}
        required
        data={countryOptions()}
        value={country}
        onChange={(event) => setCountry(event.currentTarget.value)}
        error={error}
      />
      <Stack gap="xs" role="group" aria-labelledby="document-type-legend">
        <Text id="document-type-legend" fw={600} size="sm">
          {t('onboarding.step5.typeLegend')}
        </Text>
        {/* One per row: side by side in the 520 px column, « Carte d’identité » did not fit. */}
        <SimpleGrid cols={1} spacing="sm">
          <Button
            size="lg"
            styles={WRAPPING_LABEL}
            variant={state.documentType === 'id_card' ? 'filled' : 'light'}
            leftSection={<IconId aria-hidden />}
            loading={update.isPending && chosen === 'id_card'}
            disabled={update.isPending && chosen !== 'id_card'}
            onClick={() => choose('id_card')}
          >
            {t('onboarding.step5.idCard')}
          </Button>
          <Button
            size="lg"
            styles={WRAPPING_LABEL}
            variant={state.documentType === 'passport' ? 'filled' : 'light'}
            leftSection={<IconBook2 aria-hidden />}
            loading={update.isPending && chosen === 'passport'}
            disabled={update.isPending && chosen !== 'passport'}
            onClick={() => choose('passport')}
          >
            {t('onboarding.step5.passport')}
          </Button>
        </SimpleGrid>
      </Stack>
      {update.isError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(update.error) ? update.error.detail : t('errors.generic')}
        </Alert>
      )}
    </Stack>
  );
}
