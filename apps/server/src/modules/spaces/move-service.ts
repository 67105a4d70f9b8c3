// Error codes thrown here: account_frozen, main_account_not_open.
import type { SpaceMove, SpaceMoveRequest } from '@comptoir/contracts';
import { cents, toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import {
  availableBalance,
  customerAccounts,
  postEntry,
  type EntryInput,
  type LedgerAccount,
} from '../../ledger/index.ts';
import { publishSpacesChanged } from '../../events/index.ts';
import { openSpaceOf, type SpaceRow } from './queries.ts';
import { spaceId, spaceNotFound, toSpace } from './space-view.ts';

async function mainAccountOf(q: Queryable, customerId: string): Promise<LedgerAccount> {
  const main = (await customerAccounts(q, customerId)).find(
    (a) => a.kind === 'customer_main' && a.status === 'open',
  );
  if (!main) throw new AppError('main_account_not_open');
  return main;
}

/**
 * The entry of a move: one instant `internal` entry between the main account and the Espace. Each
 * side reads where the money went or came from: the debited account sees the counterparty name
 * (« Vers l’Espace Vacances »), the credited one the payer's (« Depuis le compte principal »).
 */
export function moveEntry(
  customerId: string,
  main: Pick<LedgerAccount, 'id' | 'iban'>,
  space: Pick<SpaceRow, 'account_id' | 'name'>,
  body: SpaceMoveRequest,
  at: Date,
): EntryInput {
  const amount = cents(body.amount);
  const debit = cents(-body.amount);
  const into = body.direction === 'in';
  const [from, to] = into ? [main.id, space.account_id] : [space.account_id, main.id];
  return {
    kind: 'internal',
    legs: [
      { accountId: from, amount: debit },
      { accountId: to, amount },
    ],
    description: 'Mouvement entre vos comptes',
    counterpartyName: into ? `Vers l’Espace ${space.name}` : 'Vers le compte principal',
    counterpartyIban: into ? null : main.iban,
    initiatedByCustomer: customerId,
    metadata: {
      spaceId: String(space.account_id),
      direction: body.direction,
      payerName: into ? 'Depuis le compte principal' : `Depuis l’Espace ${space.name}`,
      payerIban: into ? main.iban : null,
    },
    at,
  };
}

/**
 * `POST /api/spaces/{id}/moves`: moves money between the main account and one of the customer's
 * Espaces, at once and atomically (one ledger entry, both balances in one transaction), at most
 * once per (customer, Idempotency-Key). No strong authentication: the customer's own accounts
 * (RTS art. 15). Every open tab hears of it live. The ledger locks both accounts in id order and refuses a debit beyond the
 * available balance, or into an Espace closed meanwhile, writing nothing. Under an asset freeze no
 * move goes either way: moving frozen funds between one's own accounts is still dealing with them
 * (docs/screening.md#freezing-in-the-payment-paths).
 */
export async function moveSpaceMoney(
  ctx: AppContext,
  customerId: string,
  input: { idParam: string; idempotencyKey: string | undefined; body: SpaceMoveRequest },
): Promise<{ body: SpaceMove; replayed: boolean }> {
  const id = spaceId(input.idParam);
  const key = requireIdempotencyKey(input.idempotencyKey);
  const result = await idempotent<SpaceMove>(
    ctx.db,
    `customer:${customerId}:space-moves`,
    key,
    { spaceId: String(id), ...input.body },
    async (q) => {
      const space = await openSpaceOf(q, customerId, id);
      if (!space) throw spaceNotFound();
      if (space.frozen) throw new AppError('account_frozen');
      const main = await mainAccountOf(q, customerId);
      const entry = await postEntry(q, moveEntry(customerId, main, space, input.body, ctx.clock.now())).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'account_not_open') throw spaceNotFound();
          throw error;
        },
      );
      const [after, mainAfter] = await Promise.all([
        openSpaceOf(q, customerId, id),
        mainAccountOf(q, customerId),
      ]);
      if (!after) throw spaceNotFound();
      await publishSpacesChanged(q, customerId);
      return {
        status: 201,
        body: {
          number: entry.number,
          amount: input.body.amount,
          direction: input.body.direction,
          space: toSpace(after),
          mainBookedBalance: toJsonCents(mainAfter.postedBalance),
          mainAvailableBalance: toJsonCents(availableBalance(mainAfter)),
          createdAt: ctx.clock.now().toISOString(),
        },
      };
    },
  );
  return { body: result.body, replayed: result.replayed };
}
