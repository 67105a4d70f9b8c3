import { nextBusinessDay, parisDate, type IsoDate } from '@comptoir/core';

/**
 * How long compliance has to decide a held credit: the beneficiary bank's window for returning a
 * SEPA credit transfer through the scheme — three inter-bank business days (TARGET2 calendar) after
 * its settlement (European Payments Council, SEPA Credit Transfer Rulebook, the Return process).
 * After it, the money can only go back through a recall the originator's bank asks for; the back
 * office shows the held credit as overdue, and nothing is decided for the operators.
 */
export const RETURN_WINDOW_BUSINESS_DAYS = 3;

/** The last day to decide a credit held at `heldAt` (its Paris day counts as the settlement day). */
export function decisionDeadline(heldAt: Date): IsoDate {
  let day = parisDate(heldAt);
  for (let i = 0; i < RETURN_WINDOW_BUSINESS_DAYS; i++) day = nextBusinessDay(day);
  return day;
}

/** Past its deadline: the Paris day of `now` is after the last day. */
export const isOverdue = (deadline: IsoDate, now: Date): boolean => parisDate(now) > deadline;
