import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TOTAL_STEPS } from './steps.ts';
import classes from './contrast.module.css';

interface OnboardingStepProps {
  step: number;
  title: string;
  intro?: ReactNode;
  /** Where « Retour » leads; none on the first step. */
  backTo?: string;
  children: ReactNode;
}

/** The frame of every account-opening step: progress, heading, back link. */
export function OnboardingStep({ step, title, intro, backTo, children }: OnboardingStepProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg', sm: 'xl' }} className={classes.readable}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {backTo ? (
              <Anchor component={Link} to={backTo} size="sm" c="dimmed">
                <Group gap={4} wrap="nowrap">
                  <IconArrowLeft size={16} aria-hidden />
                  {t('onboarding.back')}
                </Group>
              </Anchor>
            ) : (
              <span />
            )}
            <Text size="sm" c="dimmed" fw={500}>
              {t('onboarding.progress', { step, total: TOTAL_STEPS })}
            </Text>
          </Group>
          <Progress
            value={(step / TOTAL_STEPS) * 100}
            size="sm"
            radius="xl"
            aria-label={t('onboarding.progressLabel')}
          />
        </Stack>
        <div>
          <Title order={1} fz={{ base: 'h3', xs: 'h2' }}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" mt={6}>
              {intro}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
