import { Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardActivity } from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import { useCardActivity } from '../../api/cards.ts';
import { DEBIT_TEXT, ListRow, PENDING_TEXT, SignedAmount } from '../../ui/ListRow.tsx';
import { operationDateLine } from '../operation-labels.ts';

/** « 14 mars »: the day a payment was debited, in the device's time zone. */
const DAY = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long' });

/**
 * « Derniers paiements »: the card's payments, declines in red with their reason, newest first. Each
 * is dated when it was made, as its operation is; a cleared one says apart when it was debited, if
 * that was another day.
 */
export function CardActivityList({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const activity = useCardActivity(cardId);
  const items = activity.data ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="card-activity-title">
      <Title id="card-activity-title" order={2} fz="h4">
        {t('cards.activity.title')}
      </Title>
      {activity.isPending ? (
        <Skeleton height={120} radius="lg" aria-label={t('common.loading')} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('cards.activity.empty')}
        </Text>
      ) : (
        <Paper withBorder radius="lg" px="md" py={4}>
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item, index) => (
              <ActivityItem key={item.id} item={item} separated={index > 0} />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function ActivityItem({ item, separated }: { item: CardActivity; separated: boolean }) {
  const { t } = useTranslation();
  const declined = item.kind === 'declined';
  const released = item.kind === 'expired';
  const amount = item.kind === 'refund' ? cents(item.amount) : cents(-item.amount);
  const note =
    item.kind === 'authorized'
      ? t('cards.activity.pending')
      : item.kind === 'cleared'
        ? clearedOtherDay(item)
          ? t('cards.activity.clearedOn', { date: DAY.format(new Date(item.clearedAt)) })
          : t('cards.activity.cleared')
        : item.kind === 'expired'
          ? t('cards.activity.expired')
          : item.kind === 'refund'
            ? t('cards.activity.refund')
            : null;

  return (
    <ListRow separated={separated} data-testid="card-activity" data-kind={item.kind}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          {operationDateLine(item.at)}
          {item.channel ? ` · ${t(`cards.activity.channel.${item.channel}`)}` : ''}
        </Text>
        <Text fw={600} truncate>
          {item.merchant}
        </Text>
        {declined ? (
          <Text size="sm" c={DEBIT_TEXT} fw={600} data-testid="card-activity-reason">
            {item.reasonMessage}
          </Text>
        ) : (
          note && (
            <Badge
              size="sm"
              variant="light"
              color={item.kind === 'authorized' ? 'orange' : item.kind === 'refund' ? 'teal' : 'gray'}
              c={item.kind === 'authorized' ? PENDING_TEXT : undefined}
              style={{ alignSelf: 'flex-start' }}
            >
              {note}
            </Badge>
          )
        )}
      </Stack>
      <SignedAmount amount={amount} struck={declined || released} testId="card-activity-amount" />
    </ListRow>
  );
}

/** Debited on another calendar day (the device's) than it was made: worth saying when. */
function clearedOtherDay(item: CardActivity): item is CardActivity & { clearedAt: string } {
  return (
    item.clearedAt !== null && new Date(item.clearedAt).toDateString() !== new Date(item.at).toDateString()
  );
}
