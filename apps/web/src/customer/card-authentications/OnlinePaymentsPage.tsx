import { Anchor, Badge, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CardAuthentication, CardAuthenticationStatus } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useCardAuthentications } from '../../api/card-authentications.ts';
import { paths } from '../../app/paths.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { ListRow } from '../../ui/ListRow.tsx';
import { CONFIRM_PARAM } from './card-authentication-view.ts';
import { formatTimeLeft, secondsLeft, siteName } from './card-authentication-view.ts';
import { useNow } from './use-now.ts';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

// Light badges with text dark enough on their tint (WCAG AA, ≥ 4.5:1).
const BADGE_COLOR: Record<CardAuthenticationStatus, { color: string; text: string }> = {
  pending: { color: 'orange', text: '#9c3a00' },
  approved: { color: 'teal', text: '#1e5f33' },
  refused: { color: 'red', text: 'var(--mantine-color-red-9)' },
  expired: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
  exempted: { color: 'blue', text: 'var(--mantine-color-blue-9)' },
};

/**
 * « Paiements en ligne » (/carte/paiements-en-ligne): the online payments waiting for the customer's
 * confirmation, then the recent ones with what became of them. `?confirmer=<id>` (a push
 * notification's link) opens that one's dialog — the dialog of the customer area.
 */
export function OnlinePaymentsPage() {
  const { t } = useTranslation();
  const list = useCardAuthentications();
  const items = list.data?.items ?? [];
  const pending = items.filter((item) => item.status === 'pending');
  const recent = items.filter((item) => item.status !== 'pending');

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to={paths.card} size="sm" style={{ alignSelf: 'flex-start' }}>
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('cardAuth.page.back')}
        </Anchor>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('cardAuth.page.title')}
        </Title>
        <Text c="dimmed">{t('cardAuth.page.intro')}</Text>
      </Stack>

      {list.isPending ? (
        <Skeleton height={160} radius="lg" aria-label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorState
          message={isApiError(list.error) ? list.error.detail : t('errors.generic')}
          onRetry={() => void list.refetch()}
          retrying={list.isRefetching}
        />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="md">
          <Text c="dimmed">{t('cardAuth.page.empty')}</Text>
        </Paper>
      ) : (
        <>
          {pending.length > 0 && <Group title={t('cardAuth.page.pending')} id="pending" items={pending} />}
          {recent.length > 0 && <Group title={t('cardAuth.page.recent')} id="recent" items={recent} />}
        </>
      )}
    </Stack>
  );
}

function Group({ title, id, items }: { title: string; id: string; items: CardAuthentication[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`online-payments-${id}`}>
      <Title order={2} fz="h4" id={`online-payments-${id}`}>
        {title}
      </Title>
      <Paper withBorder radius="lg" px="md" py={4}>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item, index) => (
            <Row key={item.id} item={item} separated={index > 0} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Row({ item, separated }: { item: CardAuthentication; separated: boolean }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const site = siteName(item.merchantUrl);
  const now = useNow(item.status === 'pending');
  const left = secondsLeft(item.expiresAt, now);
  // Past its 10 minutes on this device's clock: shown expired before the server's event says so.
  const shownStatus = item.status === 'pending' && left === 0 ? 'expired' : item.status;
  const pending = shownStatus === 'pending';
  const status = t(`cardAuth.status.${shownStatus}`);
  return (
    <ListRow separated={separated} data-testid="online-payment" data-status={shownStatus}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.merchant}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[site, t('cardAuth.sca.card', { last4: item.last4 })].filter(Boolean).join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          {pending
            ? t('cardAuth.page.expiresIn', { time: formatTimeLeft(left) })
            : item.decidedAt
              ? t('cardAuth.page.decidedAt', { status, date: when.format(new Date(item.decidedAt)) })
              : t('cardAuth.page.askedAt', { date: when.format(new Date(item.createdAt)) })}
        </Text>
        {pending && (
          <Button
            size="xs"
            mt={6}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setParams({ [CONFIRM_PARAM]: item.id })}
          >
            {t('cardAuth.page.open')}
          </Button>
        )}
      </Stack>
      <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700}>{formatEuros(cents(item.amount))}</Text>
        {!pending && (
          <Badge
            color={BADGE_COLOR[shownStatus].color}
            variant="light"
            styles={{ label: { color: BADGE_COLOR[shownStatus].text } }}
            data-testid="online-payment-status"
          >
            {status}
          </Badge>
        )}
      </Stack>
    </ListRow>
  );
}
