// Error codes thrown here: customer_not_found.
import { isUuid } from '@comptoir/core';
import type {
  BackofficeCustomerDirectDebits,
  BackofficeDirectDebitClaimList,
  DirectDebitClaimStatus,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findCustomerById } from '../customers/index.ts';
import {
  claimsForOperator,
  claimsOf,
  collectionsByIds,
  collectionsOf,
  mandatesOf,
  settingsOf,
} from './queries.ts';
import { toBackofficeClaim, toMandate, toSettings, withClaims } from './view.ts';

/** `GET /api/backoffice/customers/{id}/direct-debits`: one customer's mandates, collections (with claims) and rules. */
export async function customerDirectDebits(
  ctx: AppContext,
  customerId: string,
): Promise<BackofficeCustomerDirectDebits> {
  if (!isUuid(customerId) || !(await findCustomerById(ctx.db, customerId))) {
    throw new AppError('customer_not_found');
  }
  const mandates = await mandatesOf(ctx.db, customerId);
  const collections = await collectionsOf(ctx.db, customerId);
  const claims = await claimsOf(ctx.db, customerId);
  const settings = await settingsOf(ctx.db, customerId);
  return {
    mandates: mandates.map(toMandate),
    collections: withClaims(collections, claims, ctx.clock.now()),
    settings: toSettings(settings),
  };
}

/**
 * `GET /api/backoffice/direct-debit-claims`: the claims of one status, or all of them with the
 * pending ones first — oldest first, the order compliance works through them.
 */
export async function listClaimsForOperator(
  ctx: AppContext,
  status: DirectDebitClaimStatus | undefined,
): Promise<BackofficeDirectDebitClaimList> {
  const claims = await claimsForOperator(ctx.db, status ?? null);
  const collections = new Map(
    (
      await collectionsByIds(
        ctx.db,
        claims.map((k) => k.collection_id),
      )
    ).map((c) => [c.id, c]),
  );
  const now = ctx.clock.now();
  return {
    items: claims.flatMap((k) => {
      const c = collections.get(k.collection_id);
      return c ? [toBackofficeClaim(k, c, now)] : [];
    }),
  };
}
