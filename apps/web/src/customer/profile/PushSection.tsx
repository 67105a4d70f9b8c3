import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import {
  deletePushSubscription,
  pushKeys,
  pushPublicKey,
  savePushSubscription,
  usePushDevices,
} from '../../api/push.ts';
import {
  currentSubscription,
  pushSupport,
  subscribe,
  subscriptionRequest,
  workerRegistration,
  type PushSupport,
} from '../../pwa/push-subscription.ts';
import { notifySuccess } from '../../ui/toasts.ts';

/** A failure of the browser's side (its push service, the worker) or of the API, in French. */
class PushStepError extends Error {}

/**
 * Profil › « Notifications push » (docs/product/profile-and-security.md#push-notifications): push on
 * or off for this device — the browser's permission, a subscription with the bank's VAPID key, given
 * to the server — and whether this device's notifications show amounts (off by default: a locked
 * screen then shows none).
 */
export function PushSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = usePushDevices();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Read again after each change (`checked` moves on).
  const [checked, setChecked] = useState(0);
  useEffect(() => {
    if (pushSupport() === 'unsupported') return;
    let current = true;
    currentSubscription().then(
      (found) => current && setSubscription(found),
      () => current && setSubscription(null),
    );
    return () => {
      current = false;
    };
  }, [checked]);

  const device = subscription
    ? (devices.data?.items.find((item) => item.endpoint === subscription.endpoint) ?? null)
    : null;
  const on = device !== null;

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (cause) {
      setError(
        cause instanceof PushStepError
          ? cause.message
          : isApiError(cause)
            ? cause.detail
            : t('errors.generic'),
      );
    } finally {
      await queryClient.invalidateQueries({ queryKey: pushKeys.devices });
      setChecked((n) => n + 1);
      setSupport(pushSupport());
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return;
      const registration = await workerRegistration();
      if (!registration) throw new PushStepError(t('push.notReady'));
      const publicKey = await pushPublicKey();
      const made = await subscribe(registration, publicKey).catch(() => {
        throw new PushStepError(t('push.failed'));
      });
      await savePushSubscription(subscriptionRequest(made.toJSON(), device?.showAmounts ?? false));
      notifySuccess(t('push.turnedOn'));
    });

  const turnOff = () =>
    run(async () => {
      if (!subscription) return;
      const { endpoint } = subscription;
      await subscription.unsubscribe().catch(() => false);
      await deletePushSubscription(endpoint);
      notifySuccess(t('push.turnedOff'));
    });

  const setShowAmounts = (showAmounts: boolean) =>
    run(async () => {
      if (!subscription) return;
      await savePushSubscription(subscriptionRequest(subscription.toJSON(), showAmounts));
      notifySuccess(t('push.saved'));
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="push-title"
      data-testid="push-section"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Title order={2} fz="h4" id="push-title">
            {t('push.title')}
          </Title>
          {support !== 'unsupported' && support !== 'denied' && (
            <Badge
              color={on ? 'teal' : 'gray'}
              variant="light"
              data-testid="push-state"
              style={{ flexShrink: 0 }}
              styles={{ label: { color: on ? '#1e5f33' : 'var(--mantine-color-gray-8)' } }}
            >
              {t(on ? 'push.on' : 'push.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('push.intro')}
        </Text>

        {support === 'unsupported' ? (
          <Alert color="gray" variant="light" role="status">
            <Text size="sm">{t('push.unsupported')}</Text>
          </Alert>
        ) : support === 'denied' ? (
          <Alert color="orange" variant="light" role="status" data-testid="push-denied">
            <Text size="sm" c="#9c3a00" fw={600}>
              {t('push.denied')}
            </Text>
          </Alert>
        ) : (
          <>
            <Text size="sm" fw={600} data-testid="push-state-text">
              {t(on ? 'push.stateOn' : 'push.stateOff')}
            </Text>
            {on ? (
              <Button
                variant="light"
                color="gray"
                leftSection={<IconBellOff size={18} aria-hidden />}
                onClick={() => void turnOff()}
                loading={busy}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('push.turnOff')}
              </Button>
            ) : (
              <Button
                leftSection={<IconBell size={18} aria-hidden />}
                onClick={() => void turnOn()}
                loading={busy}
                disabled={devices.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('push.turnOn')}
              </Button>
            )}
            <Checkbox
              label={t('push.showAmounts')}
              description={t('push.showAmountsHint')}
              checked={device?.showAmounts ?? false}
              disabled={!on || busy}
              onChange={(event) => void setShowAmounts(event.currentTarget.checked)}
            />
          </>
        )}

        {error && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" fw={600} c="red.9">
              {t('push.error', { message: error })}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
