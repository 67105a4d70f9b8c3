import type {
  DirectDebitCollectionList,
  DirectDebitMandateList,
  DirectDebitSettings,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { claimsOf, collectionsOf, mandatesOf, settingsOf } from './queries.ts';
import { toMandate, toSettings, withClaims } from './view.ts';

/** `GET /api/direct-debits/mandates`: the acting customer's mandates, newest first. */
export async function listMandates(ctx: AppContext, customerId: string): Promise<DirectDebitMandateList> {
  return { items: (await mandatesOf(ctx.db, customerId)).map(toMandate) };
}

/**
 * `GET /api/direct-debits/collections`: the acting customer's collections, latest due date first,
 * each with its claim and the refund and claim deadlines still open today.
 */
export async function listCollections(
  ctx: AppContext,
  customerId: string,
): Promise<DirectDebitCollectionList> {
  const [collections, claims] = [await collectionsOf(ctx.db, customerId), await claimsOf(ctx.db, customerId)];
  return { items: withClaims(collections, claims, ctx.clock.now()) };
}

/** `GET /api/direct-debits/settings`: the acting customer's rules (none set: everything accepted). */
export async function getSettings(ctx: AppContext, customerId: string): Promise<DirectDebitSettings> {
  return toSettings(await settingsOf(ctx.db, customerId));
}
