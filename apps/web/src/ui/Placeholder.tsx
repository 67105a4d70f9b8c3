import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface PlaceholderProps {
  title: string;
  /** Where « Retour » leads; the home page (or dashboard) by default. */
  backTo?: string;
  backLabel?: string;
}

/** A screen that exists in the route table but whose content comes later. */
export function Placeholder({ title, backTo = '/', backLabel }: PlaceholderProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" my="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconTools size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text fw={600} c="comptoir.8">
          {t('placeholder.soon')}
        </Text>
        <Text c="dimmed">{t('placeholder.explanation')}</Text>
        <Button component={Link} to={backTo} variant="light">
          {backLabel ?? t('placeholder.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
