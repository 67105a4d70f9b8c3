import { CARD_CHANNEL_LIST, weeklyAboveMonthly, type CardLimitsRequest } from '@comptoir/contracts';

/** A change of some of the limits and channels; the channels given replace those shown. */
export type LimitsUpdate = Partial<Omit<CardLimitsRequest, 'channels'>> & {
  channels?: Partial<CardLimitsRequest['channels']>;
};

/** Sends limits and channels to the server. */
export type SendLimits = (limits: CardLimitsRequest) => Promise<unknown>;

export interface LimitsSaver {
  /** What the screen shows: the latest values, a slider being dragged included. */
  readonly shown: CardLimitsRequest;
  /** Calls `listener` whenever what is shown changes; returns the way to stop (`useSyncExternalStore`). */
  subscribe: (listener: () => void) => () => void;
  /** A save is queued or on its way. */
  readonly busy: boolean;
  /** A slider moves: shown, never sent. */
  preview(update: LimitsUpdate): CardLimitsRequest;
  /**
   * Let go (a slider released, a key pressed, a switch flipped): what is shown then is saved, after
   * the saves before it — unless its weekly limit is above its monthly one, which the screen
   * explains and nothing sends until a later release makes them agree. `send` and `onError` are
   * the screen's own at the time of the release.
   */
  release(update: LimitsUpdate, send: SendLimits, onError: (error: unknown) => void): CardLimitsRequest;
  /** The server's values, taken when nothing of ours is on the way; false (ignored) otherwise. */
  reset(fresh: CardLimitsRequest): boolean;
  /** Resolves once every save asked for so far is done. */
  settled(): Promise<void>;
}

const merge = (base: CardLimitsRequest, update: LimitsUpdate): CardLimitsRequest => ({
  weeklyLimit: update.weeklyLimit ?? base.weeklyLimit,
  monthlyLimit: update.monthlyLimit ?? base.monthlyLimit,
  channels: { ...base.channels, ...update.channels },
});

const same = (a: CardLimitsRequest, b: CardLimitsRequest): boolean =>
  a.weeklyLimit === b.weeklyLimit &&
  a.monthlyLimit === b.monthlyLimit &&
  CARD_CHANNEL_LIST.every((c) => a.channels[c.apiKey] === b.channels[c.apiKey]);

/**
 * How the card screen saves its limits and channels (the server enforces them and checks them
 * again). Saves run one after the other, each sending the latest state let go — never a state
 * still being dragged, never one whose weekly limit is above the monthly one — so a save queued
 * before a slider crossed the other never sends what the crossing shows; saves queued together
 * send it once, and a state the server already has is not sent again.
 */
export function createLimitsSaver(initial: CardLimitsRequest): LimitsSaver {
  let shown = initial;
  /** The latest consistent state let go: the only one ever sent. */
  let released = initial;
  /** What the server has, as far as this screen knows. */
  let saved = initial;
  let waiting = 0;
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();
  const show = (next: CardLimitsRequest) => {
    shown = next;
    for (const listener of listeners) listener();
    return shown;
  };

  const saveReleased = async (send: SendLimits, onError: (error: unknown) => void) => {
    try {
      const limits = released;
      if (same(limits, saved)) return;
      await send(limits);
      saved = limits;
    } catch (error) {
      onError(error);
    } finally {
      waiting -= 1;
    }
  };

  return {
    get shown() {
      return shown;
    },
    get busy() {
      return waiting > 0;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    preview: (update) => show(merge(shown, update)),
    release(update, send, onError) {
      show(merge(shown, update));
      if (weeklyAboveMonthly(shown)) return shown;
      released = shown;
      waiting += 1;
      queue = queue.then(() => saveReleased(send, onError));
      return shown;
    },
    reset(fresh) {
      if (waiting > 0) return false;
      released = saved = fresh;
      show(fresh);
      return true;
    },
    settled: () => queue,
  };
}
