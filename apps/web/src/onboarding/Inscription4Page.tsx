import { Alert, Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCamera, IconHome, IconId, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

/** docs/product/onboarding.md#steps: what identity verification asks for, and how the documents are kept. */
export function Inscription4Page() {
  const { t } = useTranslation();
  const icon = (Icon: typeof IconId) => (
    <ThemeIcon size={32} radius="xl" variant="light" aria-hidden>
      <Icon size={18} />
    </ThemeIcon>
  );
  return (
    <OnboardingStep
      step={4}
      title={t('onboarding.step4.title')}
      intro={t('onboarding.step4.intro')}
      backTo={STEP_PATHS.email}
    >
      <Stack gap="lg">
        <List lh={1.45} spacing="md" center>
          <List.Item icon={icon(IconId)}>{t('onboarding.step4.document')}</List.Item>
          <List.Item icon={icon(IconCamera)}>{t('onboarding.step4.selfie')}</List.Item>
          <List.Item icon={icon(IconHome)}>{t('onboarding.step4.address')}</List.Item>
        </List>
        <Text size="sm">{t('onboarding.step4.tips')}</Text>
        <Alert variant="light" color="comptoir" icon={<IconLock size={18} aria-hidden />}>
          <Text size="sm">{t('onboarding.step4.privacy')}</Text>
        </Alert>
        <Button component={Link} to={STEP_PATHS.documentChoice} size="md" fullWidth>
          {t('onboarding.step4.start')}
        </Button>
      </Stack>
    </OnboardingStep>
  );
}
