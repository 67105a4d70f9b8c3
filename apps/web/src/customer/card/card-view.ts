import type { Card, CardLimitsRequest } from '@comptoir/contracts';

/** The card the screen works on: the active one, else the latest (expired or cancelled) to show. */
export function cardsToShow(cards: readonly Card[]): { active: Card | null; shown: Card | null } {
  const active = cards.find((card) => card.status === 'active') ?? null;
  return { active, shown: active ?? cards[0] ?? null };
}

/** The sliders move in whole euros by this step (10 €); the server keeps cents. */
export const LIMIT_STEP_EUROS = 10;

/** A limit in cents as whole euros for a slider (a limit set in cents elsewhere rounds down). */
export const limitEuros = (limit: number): number => Math.floor(limit / 100);

/** A slider's whole euros as integer cents. */
export const euroCents = (euros: number): number => Math.round(euros) * 100;

/** The request that saves the card's limits and channels with one of them changed. */
export function limitsRequest(card: Card, change: Partial<CardLimitsRequest>): CardLimitsRequest {
  return {
    weeklyLimit: change.weeklyLimit ?? card.weeklyLimit,
    monthlyLimit: change.monthlyLimit ?? card.monthlyLimit,
    channels: { ...card.channels, ...change.channels },
  };
}

/** Whole seconds left before `hideAt` (ms since the epoch), never below 0: « Masqué dans 59 s ». */
export const secondsLeft = (hideAt: number, now: number): number =>
  Math.max(0, Math.ceil((hideAt - now) / 1000));
