import { CARD_REVEAL_SECONDS, type CardDetails } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { consumeScaToken } from '../sca/index.ts';
import { cardSecrets } from './card-secrets.ts';
import { lockActiveCard } from './card-state.ts';
import { monthOf } from './card-view.ts';

/**
 * `POST /api/cards/{id}/reveal` « Afficher les détails »: the one answer that carries the PAN and the
 * CVV, after a fresh strong authentication bound to this card (`card_reveal`, `{cardId}`), consumed
 * in the same transaction as the card is read. Only an active card (a cancelled one never shows its
 * number again). The browser hides the details at `hideAt`, 60 s later.
 */
export function revealCard(
  ctx: AppContext,
  customerId: string,
  id: string,
  scaToken: string | undefined,
): Promise<CardDetails> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const card = await lockActiveCard(q, customerId, id, now);
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: scaToken,
      action: 'card_reveal',
      details: { cardId: card.id },
    });
    const { pan, cvv } = cardSecrets(ctx.masterKey).open(card.id, {
      panSealed: card.pan_sealed,
      cvvSealed: card.cvv_sealed,
    });
    return {
      cardId: card.id,
      pan,
      validFrom: monthOf(card.valid_from),
      expiresEnd: monthOf(card.expires_month),
      cvv,
      hideAt: new Date(now.getTime() + CARD_REVEAL_SECONDS * 1000).toISOString(),
    };
  });
}
