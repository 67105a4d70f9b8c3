import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OnboardingStep } from './OnboardingStep.tsx';
import { STEP_PATHS } from './steps.ts';

/** docs/product/onboarding.md#steps: who can open an account online, the documents needed, the review time. */
export function Inscription2Page() {
  const { t } = useTranslation();
  const check = (
    <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
      <IconCheck size={14} />
    </ThemeIcon>
  );
  return (
    <OnboardingStep
      step={2}
      title={t('onboarding.step2.title')}
      intro={t('onboarding.step2.intro')}
      backTo={STEP_PATHS.situation}
    >
      <Stack gap="lg">
        <section aria-labelledby="conditions-who">
          <Title id="conditions-who" order={2} fz="h4" mb="xs">
            {t('onboarding.step2.whoTitle')}
          </Title>
          <List lh={1.45} spacing="xs" icon={check} center>
            <List.Item>{t('onboarding.step2.who1')}</List.Item>
            <List.Item>{t('onboarding.step2.who2')}</List.Item>
            <List.Item>{t('onboarding.step2.who3')}</List.Item>
          </List>
        </section>
        <section aria-labelledby="conditions-docs">
          <Title id="conditions-docs" order={2} fz="h4" mb="xs">
            {t('onboarding.step2.docsTitle')}
          </Title>
          <List lh={1.45} spacing="xs" icon={check} center>
            <List.Item>{t('onboarding.step2.docs1')}</List.Item>
            <List.Item>{t('onboarding.step2.docs2')}</List.Item>
            <List.Item>{t('onboarding.step2.docs3')}</List.Item>
          </List>
          <Text size="sm" c="dimmed" mt="xs">
            {t('onboarding.step2.docsFormats')}
          </Text>
        </section>
        <section aria-labelledby="conditions-delay">
          <Title id="conditions-delay" order={2} fz="h4" mb="xs">
            {t('onboarding.step2.delayTitle')}
          </Title>
          <Text>{t('onboarding.step2.delay')}</Text>
        </section>
        <Button component={Link} to={STEP_PATHS.email} size="md" fullWidth>
          {t('onboarding.step2.accept')}
        </Button>
      </Stack>
    </OnboardingStep>
  );
}
