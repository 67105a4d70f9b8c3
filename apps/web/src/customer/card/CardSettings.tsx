import { useEffect, useRef, useState } from 'react';
import { Alert, Divider, Paper, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CARD_MONTHLY_LIMIT_MAX,
  CARD_WEEKLY_LIMIT_MAX,
  weeklyAboveMonthly,
  type Card,
  type CardLimitsRequest,
} from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { useSetCardLimits, useSetCardLock } from '../../api/cards.ts';
import { LIMIT_STEP_EUROS, euroCents, limitEuros, limitsRequest } from './card-view.ts';

interface CardSettingsProps {
  card: Card;
  onError: (error: unknown) => void;
}

type Channel = keyof Card['channels'];
const CHANNELS: readonly Channel[] = ['online', 'inStore', 'atm', 'recurring'];

/**
 * « Verrouiller temporairement », the two limits and the four channels of the active card. Every
 * change goes to the server at once (a slider on release); the server enforces them at
 * authorisation time. Saves run one after the other, each with the whole latest state, so a quick
 * toggle after a slider never brings an older value back. A weekly limit above the monthly one is
 * explained under the sliders and not sent.
 */
export function CardSettings({ card, onError }: CardSettingsProps) {
  const { t } = useTranslation();
  const setLock = useSetCardLock();
  const setLimits = useSetCardLimits();

  const [draft, setDraft] = useState<CardLimitsRequest>(() => limitsRequest(card, {}));
  const latest = useRef(draft);
  const inFlight = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  // The server's values, whenever they change and nothing of ours is on the way.
  useEffect(() => {
    if (inFlight.current > 0) return;
    const fresh = limitsRequest(card, {});
    latest.current = fresh;
    setDraft(fresh);
  }, [card]);

  const change = (update: Partial<CardLimitsRequest>, save: boolean) => {
    const next = {
      ...latest.current,
      ...update,
      channels: { ...latest.current.channels, ...update.channels },
    };
    latest.current = next;
    setDraft(next);
    // The server refuses a weekly limit above the monthly one: say so here and save nothing until
    // one slider makes them agree again (that release saves the whole latest state).
    if (!save || weeklyAboveMonthly(next)) return;
    inFlight.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        await setLimits.mutateAsync({ id: card.id, limits: latest.current });
      } catch (error) {
        onError(error);
      } finally {
        inFlight.current -= 1;
      }
    });
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
            onChange={(value, save) => change({ weeklyLimit: value }, save)}
          />
          <LimitSlider
            label={t('cards.limits.monthly')}
            used={t('cards.limits.monthlyUsed', { amount: formatEuros(cents(card.monthlySpent)) })}
            max={CARD_MONTHLY_LIMIT_MAX}
            value={draft.monthlyLimit}
            testId="card-monthly-limit"
            onChange={(value, save) => change({ monthlyLimit: value }, save)}
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
          {CHANNELS.map((channel) => (
            <Switch
              key={channel}
              size="md"
              label={t(`cards.channels.${channel}`)}
              // « Paiements récurrents » is the one a customer may not recognise from its name alone.
              description={channel === 'recurring' ? t('cards.channels.recurringDescription') : undefined}
              checked={draft.channels[channel] ?? card.channels[channel]}
              onChange={(event) =>
                change({ channels: { ...draft.channels, [channel]: event.currentTarget.checked } }, true)
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
  /** Cents; `save` on release (pointer up, or each key press). */
  onChange: (value: number, save: boolean) => void;
}

/** A limit in whole euros, by steps of 10 €, saved on release. */
function LimitSlider({ label, used, max, value, testId, onChange }: LimitSliderProps) {
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
        onChange={(next) => onChange(euroCents(next), false)}
        onChangeEnd={(next) => onChange(euroCents(next), true)}
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
