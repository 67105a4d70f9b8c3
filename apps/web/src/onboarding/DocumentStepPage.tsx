import { useQueryClient } from '@tanstack/react-query';
import type { OnboardingState } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { onboardingKeys } from '../api/onboarding.ts';
import { ApplicationGate } from './ApplicationGate.tsx';
import { DocumentUploadForm, type UploadSlot } from './DocumentUploadForm.tsx';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

type Screen = 'idCard' | 'passport' | 'selfie' | 'proofOfAddress';

const SCREENS = {
  idCard: { step: 6, back: STEP_PATHS.documentChoice, next: STEP_PATHS.selfie },
  passport: { step: 6, back: STEP_PATHS.documentChoice, next: STEP_PATHS.selfie },
  selfie: { step: 7, back: null, next: STEP_PATHS.proofOfAddress },
  proofOfAddress: { step: 8, back: STEP_PATHS.selfie, next: STEP_PATHS.details },
} as const;

/** docs/product/onboarding.md#steps: /signIdCard, /signPassport, /addselfie, /justificatifdomicile. */
function DocumentStepPage({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = SCREENS[screen];

  const identity = screen === 'idCard' || screen === 'passport';
  const slots: UploadSlot[] = {
    idCard: [
      { kind: 'id_front', label: t('onboarding.upload.front'), capture: 'environment' },
      { kind: 'id_back', label: t('onboarding.upload.back'), capture: 'environment' },
    ] satisfies UploadSlot[],
    passport: [
      { kind: 'passport', label: t('onboarding.upload.passport'), capture: 'environment' },
    ] satisfies UploadSlot[],
    selfie: [
      { kind: 'selfie', label: t('onboarding.upload.selfie'), capture: 'user' },
    ] satisfies UploadSlot[],
    proofOfAddress: [
      { kind: 'proof_of_address', label: t('onboarding.upload.proof'), capture: 'environment' },
    ] satisfies UploadSlot[],
  }[screen];
  const text = {
    idCard: { title: t('onboarding.upload.idCardTitle'), intro: t('onboarding.upload.idCardIntro') },
    passport: { title: t('onboarding.upload.passportTitle'), intro: t('onboarding.upload.passportIntro') },
    selfie: { title: t('onboarding.upload.selfieTitle'), intro: t('onboarding.upload.selfieIntro') },
    proofOfAddress: { title: t('onboarding.upload.proofTitle'), intro: t('onboarding.upload.proofIntro') },
  }[screen];

  const backTo = (state: OnboardingState | null): string =>
    config.back ?? (state?.documentType === 'passport' ? STEP_PATHS.passport : STEP_PATHS.idCard);

  return (
    <ApplicationGate requires="documentChoice">
      {(state) => {
        // The identity screen follows the type chosen at step 5.
        const expected = state.documentType === 'passport' ? 'passport' : 'idCard';
        if (identity && screen !== expected) {
          return (
            <Navigate
              to={(expected === 'passport' ? STEP_PATHS.passport : STEP_PATHS.idCard).toLowerCase()}
              replace
            />
          );
        }
        return (
          <OnboardingStep step={config.step} title={text.title} intro={text.intro} backTo={backTo(state)}>
            <DocumentUploadForm
              slots={slots}
              uploadedKinds={state.documents.map((document) => document.kind)}
              failureMessage={identity ? t('onboarding.upload.errorIdentity') : t('onboarding.upload.error')}
              continueLabel={t('onboarding.next')}
              onContinue={() => void navigate(config.next)}
              onUploaded={() => queryClient.invalidateQueries({ queryKey: onboardingKeys.state })}
            />
          </OnboardingStep>
        );
      }}
    </ApplicationGate>
  );
}

export const IdCardPage = () => <DocumentStepPage screen="idCard" />;
export const PassportPage = () => <DocumentStepPage screen="passport" />;
export const SelfiePage = () => <DocumentStepPage screen="selfie" />;
export const ProofOfAddressPage = () => <DocumentStepPage screen="proofOfAddress" />;
