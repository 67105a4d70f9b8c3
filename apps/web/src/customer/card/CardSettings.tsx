import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Divider, Paper, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CARD_CHANNEL_LIST,
  CARD_MONTHLY_LIMIT_MAX,
  CARD_WEEKLY_LIMIT_MAX,
  weeklyAboveMonthly,
  type Card,
  type CardLimitsRequest,
} from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { useSetCardLimits, useSetCardLock } from '../../api/cards.ts';
import { LIMIT_STEP_EUROS, euroCents, limitEuros, limitsRequest } from './card-view.ts';
import { createLimitsSaver, type LimitsUpdate } from './limits-saver.ts';

interface CardSettingsProps {
  card: Card;
  onError: (error: unknown) => void;
}

/**
 * « Verrouiller temporairement », the two limits and the channels of the active card. Every
 * change goes to the server once let go (a slider on release, nothing while it is dragged); the
 * server enforces them at authorisation time. Saves run one after the other, each with the whole
 * latest state let go (`limits-saver.ts`), so a quick toggle after a slider never brings an older
 * value back. A weekly limit above the monthly one is explained under the sliders and not sent.
 */
export function CardSettings({ card, onError }: CardSettingsProps) {
  const { t } = useTranslation();
  const setLock = useSetCardLock();
  const setLimits = useSetCardLimits();

  // Made once per card (the screen keys this component by the card's id); what it shows is read
  // from it, and each release hands it this render's way to save.
  const [saver] = useState(() => createLimitsSaver(limitsRequest(card, {})));
  const draft = useSyncExternalStore(saver.subscribe, () => saver.shown);

  // The server's values, whenever they change and nothing of ours is on the way.
  useEffect(() => {
    saver.reset(limitsRequest(card, {}));
  }, [card, saver]);

  const save = (limits: CardLimitsRequest) => setLimits.mutateAsync({ id: card.id, limits });
  /** A slider moving (`release` false: shown only), or let go / a switch flipped (saved). */
  const change = (update: LimitsUpdate, release: boolean) => {
    if (release) saver.release(update, save, onError);
    else saver.preview(update);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="card-settings">
      <Stack gap="lg">
        <Switch
          size="md"
          label={t('cards.lock.label')}
          description={t('cards.lock.description')}
          checked={card.locked}
          disabled={setLock.isPending}
          onChange={(event) =>
            setLock.mutate({ id: card.id, locked: event.currentTarget.checked }, { onError })
          }
        />

        <Divider />

        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('cards.limits.title')}
          </Title>
          <LimitSlider
            label={t('cards.limits.weekly')}
            used={t('cards.limits.weeklyUsed', { amount: formatEuros(cents(card.weeklySpent)) })}
            max={CARD_WEEKLY_LIMIT_MAX}
            value={draft.weeklyLimit}
            testId="card-weekly-limit"
            onChange={(value) => change({ weeklyLimit: value }, false)}
            onRelease={() => change({}, true)}
          />
          <LimitSlider
            label={t('cards.limits.monthly')}
            used={t('cards.limits.monthlyUsed', { amount: formatEuros(cents(card.monthlySpent)) })}
            max={CARD_MONTHLY_LIMIT_MAX}
            value={draft.monthlyLimit}
            testId="card-monthly-limit"
            onChange={(value) => change({ monthlyLimit: value }, false)}
            onRelease={() => change({}, true)}
          />
          {weeklyAboveMonthly(draft) && (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              p="xs"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="card-limits-conflict"
            >
              <Text size="sm">{t('cards.limits.weeklyAboveMonthly')}</Text>
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {t('cards.limits.step')}
          </Text>
        </Stack>

        <Divider />

        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('cards.channels.title')}
          </Title>
          {CARD_CHANNEL_LIST.map((channel) => (
            <Switch
              key={channel.id}
              size="md"
              label={t(channel.label)}
              description={'description' in channel ? t(channel.description) : undefined}
              checked={draft.channels[channel.apiKey] ?? card.channels[channel.apiKey]}
              onChange={(event) =>
                change({ channels: { [channel.apiKey]: event.currentTarget.checked } }, true)
              }
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

interface LimitSliderProps {
  label: string;
  used: string;
  /** Cents. */
  max: number;
  /** Cents. */
  value: number;
  testId: string;
  /** Cents: the value shown while the slider moves; nothing is saved then. */
  onChange: (value: number) => void;
  /** Let go (pointer up, or each key press): the value shown is saved. */
  onRelease: () => void;
}

/** A limit in whole euros, by steps of 10 €, saved on release. */
function LimitSlider({ label, used, max, value, testId, onChange, onRelease }: LimitSliderProps) {
  const euros = limitEuros(value);
  const shown = formatEuros(cents(euroCents(euros)));
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fw={600} size="sm" component="div" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{label}</span>
        <span data-testid={`${testId}-value`}>{shown}</span>
      </Text>
      <Slider
        min={0}
        max={limitEuros(max)}
        step={LIMIT_STEP_EUROS}
        value={euros}
        onChange={(next) => onChange(euroCents(next))}
        // The value shown is saved, not the one the slider reports at the end: a pointer let go
        // within the frame of its last move reports the value before it.
        onChangeEnd={onRelease}
        label={(next) => formatEuros(cents(euroCents(next)))}
        thumbLabel={label}
        thumbValueText={(next) => formatEuros(cents(euroCents(next)))}
        size="md"
        mx={4}
      />
      <Text size="xs" c="dimmed">
        {used}
      </Text>
    </Stack>
  );
}
