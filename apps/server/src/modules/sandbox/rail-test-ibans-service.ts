import type { RailTestIban } from '@comptoir/contracts';
import { reasonMessage, TIMEOUT_MESSAGE } from '../../rails/reason-codes.ts';
import { SANDBOX_PAYEES } from '../../rails/sandbox-ibans.ts';

/**
 * The sandbox rail's test IBANs with what an instant transfer to each gives: a rail rejection is
 * simulated by sending a transfer to one of them (the rail decides by IBAN, on every instance).
 */
export const railTestIbans = (): RailTestIban[] =>
  SANDBOX_PAYEES.map((p) => ({
    iban: p.iban,
    holderName: p.holderName,
    outcome: p.instant.outcome,
    reasonCode: p.instant.outcome === 'reject' ? p.instant.reasonCode : null,
    message:
      p.instant.outcome === 'reject'
        ? reasonMessage(p.instant.reasonCode)
        : p.instant.outcome === 'timeout'
          ? TIMEOUT_MESSAGE
          : 'Virement exécuté',
  }));
