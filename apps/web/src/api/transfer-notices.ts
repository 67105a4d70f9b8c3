import type { TransferEvent } from '@comptoir/contracts';

export type TransferNotice =
  | { tone: 'error'; key: 'transfers.live.rejected'; values: { number: string; reason: string } }
  | { tone: 'info'; key: 'transfers.live.executed' | 'transfers.live.skipped'; values: { number: string } };

/**
 * The discreet notification of a transfer's change of status, or null when there is nothing new to
 * say: a rejection or an execution the customer already saw on screen (the confirmation sheet or the
 * form's rejection message) is not repeated.
 */
export function transferNotice(event: TransferEvent, alreadyShown: boolean): TransferNotice | null {
  const number = event.number;
  if (event.status === 'skipped') return { tone: 'info', key: 'transfers.live.skipped', values: { number } };
  if (alreadyShown) return null;
  if (event.status === 'rejected') {
    return {
      tone: 'error',
      key: 'transfers.live.rejected',
      values: { number, reason: event.reasonMessage ?? '' },
    };
  }
  if (event.status === 'executed')
    return { tone: 'info', key: 'transfers.live.executed', values: { number } };
  return null;
}

const shown = new Set<string>();
let creating: Promise<unknown> = Promise.resolve();

/** The form is waiting for `request`: a status event that arrives meanwhile waits for its answer. */
export function trackCreation<T>(request: Promise<T>): Promise<T> {
  creating = request.catch(() => undefined);
  return request;
}

/** The customer saw this transfer's status on screen. */
export const markShown = (number: string): void => {
  shown.add(number);
};

/** Whether the screen already showed this transfer's status (after any creation under way). */
export async function wasShown(number: string): Promise<boolean> {
  await creating;
  return shown.has(number);
}
