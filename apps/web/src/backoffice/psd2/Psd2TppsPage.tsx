import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconRefresh } from '@tabler/icons-react';
import type { Psd2TppSeen } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { usePsd2Tpps } from '../../api/backoffice-psd2.ts';
import { formatDateTime } from '../format.ts';
import { BlockTppDialog } from './BlockTppDialog.tsx';

/**
 * « Tiers PSD2 » (docs/psd2.md, admin and compliance): the third-party providers the PSD2
 * interface has seen, as their certificates name them — identifier, roles, first and last call,
 * the accesses customers gave them now — the most recent call first. « Bloquer », with its reason,
 * refuses all their calls from then on (PSD2 art. 68(5)).
 */
export function Psd2TppsPage() {
  const { t } = useTranslation();
  const tpps = usePsd2Tpps();
  const [blocking, setBlocking] = useState<Psd2TppSeen | null>(null);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 24rem' }}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {t('backofficePsd2.page.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('backofficePsd2.page.hint')}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={tpps.isFetching && !tpps.isPending}
          onClick={() => void tpps.refetch()}
        >
          {t('backofficePsd2.page.refresh')}
        </Button>
      </Group>
      {tpps.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficePsd2.page.title')} />
        </Center>
      ) : tpps.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(tpps.error) ? tpps.error.detail : t('backofficePsd2.page.loadError'),
          })}
        </Alert>
      ) : tpps.data.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid="bo-psd2-empty">
          {t('backofficePsd2.page.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('backofficePsd2.page.listLabel')} p={0} m={0}>
          {tpps.data.map((tpp) => (
            <TppCard key={tpp.id} tpp={tpp} onBlock={() => setBlocking(tpp)} />
          ))}
        </Stack>
      )}
      {blocking && <BlockTppDialog tpp={blocking} onClose={() => setBlocking(null)} />}
    </Stack>
  );
}

function TppCard({ tpp, onBlock }: { tpp: Psd2TppSeen; onBlock: () => void }) {
  const { t } = useTranslation();
  const when = (iso: string) => formatDateTime(iso, t('backofficePsd2.dateTimeFormat'));
  const facts: [string, React.ReactNode][] = [
    [t('backofficePsd2.fields.organisationId'), tpp.organisationId],
    [t('backofficePsd2.fields.authority'), tpp.authorityId],
    [t('backofficePsd2.fields.firstSeen'), when(tpp.firstSeenAt)],
    [t('backofficePsd2.fields.lastSeen'), when(tpp.lastSeenAt)],
    [t('backofficePsd2.fields.activeConsents'), String(tpp.activeConsents)],
  ];
  if (tpp.blockedAt) {
    facts.push([t('backofficePsd2.fields.blocked'), when(tpp.blockedAt)]);
    facts.push([t('backofficePsd2.fields.reason'), tpp.blockedReason ?? '—']);
  }

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{
        listStyle: 'none',
        borderColor: tpp.blockedAt ? 'var(--mantine-color-red-6)' : undefined,
      }}
      data-testid="bo-psd2-tpp"
      data-organisation={tpp.organisationId}
      data-blocked={tpp.blockedAt !== null}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
                {tpp.name}
              </Title>
              <Badge
                color={tpp.blockedAt ? 'red.9' : 'teal.9'}
                variant="filled"
                tt="none"
                radius="sm"
                data-testid="bo-psd2-tpp-state"
              >
                {t(tpp.blockedAt ? 'backofficePsd2.blockedBadge' : 'backofficePsd2.active')}
              </Badge>
            </Group>
            <Group gap={6} wrap="wrap" aria-label={t('backofficePsd2.fields.roles')} role="list">
              {tpp.roles.map((role) => (
                <Badge key={role} role="listitem" variant="light" color="comptoir" tt="none" radius="sm">
                  {t(`backofficePsd2.roles.${role}`)}
                </Badge>
              ))}
            </Group>
          </Stack>
          {!tpp.blockedAt && (
            <Button
              variant="outline"
              color="red.9"
              size="xs"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={onBlock}
              aria-label={t('backofficePsd2.blockLabel', { name: tpp.name })}
            >
              {t('backofficePsd2.block')}
            </Button>
          )}
        </Group>
        <Group component="dl" gap="lg" wrap="wrap" m={0} align="flex-start">
          {facts.map(([label, value]) => (
            <div key={label} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
