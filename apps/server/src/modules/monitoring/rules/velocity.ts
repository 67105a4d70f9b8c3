import { isOutgoingTransfer, within, type Rule } from './types.ts';

/**
 * *Velocity*: more than `maxTransfers` outgoing transfers within `windowMinutes` minutes; the hit
 * comes with the one that goes over, once per burst.
 */
export const velocity: Rule = ({ velocity: p }, { movement, before }) => {
  if (!isOutgoingTransfer(movement)) return null;
  const burst = before.filter(
    (m) => isOutgoingTransfer(m) && within(m, movement.at, p.windowMinutes * 60_000),
  );
  if (burst.length + 1 !== p.maxTransfers + 1) return null;
  return {
    rule: 'velocity',
    entryIds: [...burst.map((m) => m.entryId), movement.entryId],
    details: { transfers: burst.length + 1, windowMinutes: p.windowMinutes },
  };
};
