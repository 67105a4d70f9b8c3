import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Account } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';

/** « Solde » of an account; available and booked balances both show when they differ. */
export function BalanceCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const booked = BigInt(account.bookedBalance);
  const available = BigInt(account.availableBalance);
  const differs = booked !== available;

  return (
    <Paper
      component="section"
      aria-labelledby="balance-card-title"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      c="white"
      data-testid="balance-card"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-comptoir-9) 0%, var(--mantine-color-comptoir-7) 100%)',
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text id="balance-card-title" fw={600}>
            {account.kind === 'main' ? t('balance.mainAccount') : account.name}
          </Text>
          <Badge variant="white" color="comptoir" radius="sm" tt="none">
            {t(account.type === 'professional' ? 'balance.type.professional' : 'balance.type.individual')}
          </Badge>
        </Group>
        <div>
          <Text size="sm" opacity={0.85}>
            {differs ? t('balance.available') : t('balance.balance')}
          </Text>
          <Text
            component="p"
            fz={{ base: 32, sm: 40 }}
            fw={700}
            lh={1.15}
            data-testid={differs ? 'available-balance' : 'booked-balance'}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatEuros(differs ? available : booked)}
          </Text>
        </div>
        {differs && (
          <Text size="sm" opacity={0.9}>
            {t('balance.booked')}{' '}
            <Text span fw={600} data-testid="booked-balance" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatEuros(booked)}
            </Text>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
