/**
 * The instant payment scheme (SEPA Instant Credit Transfer) as the transfers module sees it: a
 * payment is sent once and the scheme answers settled or rejected with an ISO 20022 reason code.
 * The caller bounds the wait (`INSTANT_RAIL_TIMEOUT_MS`); `status` tells, after a crash, what became
 * of a payment that was sent and never finished here.
 */
export interface InstantPayment {
  /** Our transfer id: the end-to-end identification the scheme knows the payment by. */
  transferId: string;
  amount: bigint;
  payeeIban: string;
  payeeName: string;
  payeeBic: string | null;
  payerIban: string | null;
  payerName: string;
  reference: string;
}

export type InstantOutcome = { outcome: 'settled' } | { outcome: 'rejected'; reasonCode: string };

/** What the scheme knows of a payment: its outcome, or nothing (never received, or no answer yet). */
export type InstantStatus = InstantOutcome | { outcome: 'unknown' };

export interface InstantRail {
  send(payment: InstantPayment): Promise<InstantOutcome>;
  status(payment: InstantPayment): Promise<InstantStatus>;
}

/** The rails of this instance (on AppContext so tests can put a fake one in place). */
export interface Rails {
  instant: InstantRail;
}

export class RailTimeout extends Error {
  constructor() {
    super('instant rail timeout');
  }
}

/** `send`, bounded: a rail that has not answered after `timeoutMs` is a RailTimeout. */
export async function sendWithin(
  rail: InstantRail,
  payment: InstantPayment,
  timeoutMs: number,
): Promise<InstantOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RailTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([rail.send(payment), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
