import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The wordmark, a link to the home page (or the dashboard when signed in). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/" underline="never" aria-label={t('brand.homeLink')}>
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
          <rect
            width="64"
            height="64"
            rx="14"
            fill={inverted ? '#ffffff' : 'var(--mantine-color-comptoir-8)'}
          />
          <path
            d="M43 22a15 15 0 1 0 0 20"
            fill="none"
            stroke={inverted ? 'var(--mantine-color-comptoir-8)' : '#ffffff'}
            strokeWidth="7"
            strokeLinecap="round"
          />
        </svg>
        <Text fw={800} fz="xl" c={inverted ? 'white' : 'comptoir.9'} style={{ letterSpacing: '-0.02em' }}>
          {t('brand.name')}
        </Text>
      </Group>
    </Anchor>
  );
}
