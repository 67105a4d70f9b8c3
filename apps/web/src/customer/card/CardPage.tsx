import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconLock,
  IconPlus,
  IconShieldCheck,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Card } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { revealCard, useCancelCard, useCards, useCreateCard } from '../../api/cards.ts';
import { useCardAuthentications } from '../../api/card-authentications.ts';
import { paths } from '../../app/paths.ts';
import { useStrongAuth } from '../../sca/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { notifyError, notifySuccess } from '../../ui/toasts.ts';
import { copyText } from '../copy-text.ts';
import { CardActivityList } from './CardActivityList.tsx';
import { CardSettings } from './CardSettings.tsx';
import { CardVisual } from './CardVisual.tsx';
import { cardsToShow } from './card-view.ts';
import { useCardError } from './use-card-error.ts';
import { useReveal } from './use-reveal.ts';

/**
 * « Carte » (docs/product/cards.md): the card visual, the reveal of its details for 60 s after a strong
 * authentication, the lock, limits and channels (all enforced by the server), opposition and a new
 * card, the card's latest payments. Errors read « Erreur : {message} » under the card for 5 s.
 */
export function CardPage() {
  const { t } = useTranslation();
  const cards = useCards();
  const error = useCardError();
  const { active, shown } = cardsToShow(cards.data ?? []);
  const reveal = useReveal(active?.id ?? null);
  const strongAuth = useStrongAuth();
  const create = useCreateCard();
  const [revealing, setRevealing] = useState(false);
  // The card whose deletion is being confirmed: a card issued afterwards never inherits the dialog.
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const showDetails = async (card: Card) => {
    setRevealing(true);
    try {
      const token = await strongAuth.confirm({
        action: 'card_reveal',
        details: { cardId: card.id },
        title: t('cards.reveal.scaTitle'),
        summary: <Text>{t('cards.reveal.scaSummary', { last4: card.last4 })}</Text>,
      });
      if (!token) return;
      reveal.show(await revealCard(card.id, token));
    } catch (cause) {
      error.show(cause);
    } finally {
      setRevealing(false);
    }
  };

  const copyNumber = async () => {
    if (!reveal.details) return;
    const outcome = await copyText(reveal.details.pan);
    if (outcome === 'copied') notifySuccess(t('cards.reveal.copied'));
    else notifyError(t(outcome === 'empty' ? 'rib.copy.empty' : 'rib.copy.failed'));
  };

  const createCard = () =>
    create.mutate(undefined, {
      onSuccess: () => notifySuccess(t('cards.create.done')),
      onError: error.show,
    });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('customer.pages.card')}
        </Title>
        <Text c="dimmed">{t('cards.intro')}</Text>
      </Stack>

      {cards.isPending ? (
        <Skeleton height={260} radius="lg" maw={420} aria-label={t('common.loading')} />
      ) : cards.isError ? (
        <ErrorState
          message={isApiError(cards.error) ? cards.error.detail : t('errors.generic')}
          onRetry={() => void cards.refetch()}
          retrying={cards.isRefetching}
        />
      ) : (
        <>
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Stack gap="md" w={{ base: '100%', md: 420 }} style={{ flexShrink: 0 }}>
              {shown && <CardVisual card={shown} details={reveal.details} />}

              {active?.locked && (
                <Alert
                  color="orange"
                  variant="light"
                  icon={<IconLock aria-hidden />}
                  data-testid="card-locked"
                  radius="lg"
                >
                  <Text fw={600} c="#9c3a00">
                    {t('cards.lock.locked')}
                  </Text>
                </Alert>
              )}

              <div role="alert" aria-live="assertive" data-testid="card-error">
                {error.message && (
                  <Text c="red.9" fw={600} size="sm">
                    <IconAlertTriangle
                      size={16}
                      aria-hidden
                      style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
                    />
                    {t('cards.error', { message: error.message })}
                  </Text>
                )}
              </div>

              {reveal.details ? (
                <Group gap="sm" wrap="wrap">
                  <Button
                    variant="light"
                    leftSection={<IconEyeOff size={18} aria-hidden />}
                    onClick={reveal.hide}
                  >
                    {t('cards.reveal.hide')}
                  </Button>
                  <Button
                    variant="subtle"
                    leftSection={<IconCopy size={18} aria-hidden />}
                    onClick={() => void copyNumber()}
                  >
                    {t('cards.reveal.copy')}
                  </Button>
                  <Text size="sm" c="dimmed" role="timer" aria-live="off" data-testid="card-countdown">
                    {t('cards.reveal.countdown', { seconds: reveal.seconds })}
                  </Text>
                </Group>
              ) : (
                <Button
                  leftSection={<IconEye size={18} aria-hidden />}
                  disabled={!active}
                  loading={revealing}
                  onClick={() => active && void showDetails(active)}
                  w={{ base: '100%', xs: 'auto' }}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('cards.reveal.show')}
                </Button>
              )}

              {!active && (
                <Paper withBorder radius="lg" p="md">
                  <Stack gap="sm" align="flex-start">
                    <Text>{t('cards.create.none')}</Text>
                    <Button
                      leftSection={<IconPlus size={18} aria-hidden />}
                      onClick={createCard}
                      loading={create.isPending}
                    >
                      {t('cards.create.button')}
                    </Button>
                  </Stack>
                </Paper>
              )}
            </Stack>

            <Stack gap="lg" style={{ flex: '1 1 320px', minWidth: 0 }}>
              {active && <CardSettings key={active.id} card={active} onError={error.show} />}
              {shown && <OnlinePaymentsLink />}
              {shown && <CardActivityList cardId={shown.id} />}
              {active && (
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setDeletingId(active.id)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('cards.delete.button')}
                </Button>
              )}
            </Stack>
          </Group>
        </>
      )}

      {active && (
        <DeleteCardModal
          card={active}
          opened={deletingId === active.id}
          onClose={() => setDeletingId(null)}
          onError={error.show}
          onDeleted={reveal.hide}
        />
      )}
    </Stack>
  );
}

interface DeleteCardModalProps {
  card: Card;
  opened: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
  onDeleted: () => void;
}

/**
 * Opposition: the confirmation names the card's last four digits; the card is cancelled for good.
 * The outcome is handled on the call's own promise: the card list read again after the deletion has
 * no active card, which unmounts this dialog before per-call callbacks could run.
 */
function DeleteCardModal({ card, opened, onClose, onError, onDeleted }: DeleteCardModalProps) {
  const { t } = useTranslation();
  const cancel = useCancelCard();
  const confirm = async () => {
    try {
      await cancel.mutateAsync(card.id);
      onDeleted();
      notifySuccess(t('cards.delete.done'));
    } catch (cause) {
      onError(cause);
    } finally {
      onClose();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cards.delete.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text fw={600} data-testid="card-delete-body">
          {t('cards.delete.body', { last4: card.last4 })}
        </Text>
        <Text size="sm">{t('cards.delete.detail')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cards.delete.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={cancel.isPending}>
            {t('cards.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** « Paiements en ligne à confirmer », with the count of those waiting. */
function OnlinePaymentsLink() {
  const { t } = useTranslation();
  const { data } = useCardAuthentications();
  const waiting = data?.items.filter((item) => item.status === 'pending').length ?? 0;
  return (
    <Button
      component={Link}
      to={paths.onlinePayments}
      variant="light"
      justify="space-between"
      leftSection={<IconShieldCheck size={18} aria-hidden />}
      rightSection={
        waiting > 0 ? (
          <Badge color="orange" variant="filled" size="sm" circle>
            {waiting}
          </Badge>
        ) : null
      }
      fullWidth
    >
      {t('cardAuth.page.link')}
    </Button>
  );
}
