import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { openTaxId } from '../customers/index.ts';
import { consumeScaToken } from '../sca/index.ts';
import { EXPORT_README } from './readme.ts';
import {
  exportAccounts,
  exportApplications,
  exportBeneficiaries,
  exportCardPayments,
  exportCardAuthentications,
  exportCardAgreements,
  exportCardRefunds,
  exportCards,
  exportCorrectionRequests,
  exportDirectDebitClaims,
  exportDirectDebitCollections,
  exportDirectDebitMandates,
  exportDirectDebitSettings,
  exportDocumentRequests,
  exportIdentityChangeRequests,
  exportMessages,
  exportNotificationPreferences,
  exportPushDevices,
  exportNotifications,
  exportHeldCredits,
  exportFraudReports,
  exportThirdPartyAccess,
  exportThirdPartyPayments,
  exportPostingsPage,
  exportProfile,
  exportSecondFactors,
  exportSessions,
  exportTransfers,
  useOneSnapshot,
  type ExportRow,
} from './queries.ts';

/** Postings read per query: a long history is streamed page by page, never loaded at once. */
export const OPERATIONS_PAGE = 500;

/** A database value as JSON: bigints as numbers (as strings past 2^53), timestamps in ISO 8601. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** `comptoir-mes-donnees-YYYY-MM-DD.json`, the day in Luxembourg. */
export const exportFilename = (now: Date): string =>
  `comptoir-mes-donnees-${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Luxembourg' }).format(now)}.json`;

export interface DataExport {
  filename: string;
  /** The JSON file, in chunks: every section, then the operations page by page. */
  body: AsyncIterable<string>;
}

/**
 * `GET /api/me/data-export` « Télécharger mes données » (GDPR art. 15 and 20): after a strong
 * authentication (`data_export`), consumed with its audit row in one transaction, one JSON file of
 * everything the bank holds about the acting customer that they gave or that their use produced —
 * never another customer's data, never a secret (see `queries.ts`). The tax number is exported in
 * clear: it is the customer's own, and the call is strongly authenticated. Everything is read when
 * the call is accepted, in one read-only repeatable-read transaction (one snapshot); the file is
 * sent after it ends.
 */
export async function startDataExport(
  ctx: AppContext,
  customerId: string,
  scaToken: string | undefined,
): Promise<DataExport> {
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    await consumeScaToken(q, ctx.clock, { customerId, token: scaToken, action: 'data_export', details: {} });
    await appendAudit(q, {
      operatorId: null,
      actor: 'customer',
      customerId,
      action: 'customer.data_exported',
      details: {},
      at: now,
    });
  });

  const { sections, operations } = await ctx.db.tx(async (q) => {
    await useOneSnapshot(q);
    return readExport(ctx, q, customerId, now);
  });

  async function* body(): AsyncGenerator<string> {
    const head = JSON.stringify(plain(sections), null, 2);
    yield `${head.slice(0, head.lastIndexOf('}')).trimEnd()},\n  "operations": [`;
    yield* operations;
    yield '\n  ]\n}\n';
  }
  return { filename: exportFilename(now), body: body() };
}

/**
 * Every section, then every posting of the customer's accounts page by page (`OPERATIONS_PAGE` a
 * query, per account by `(entry_id, id)`), each page turned into its piece of the file at once: all
 * read in the caller's one-snapshot transaction, which ends before the file is sent, so a slow
 * download never holds a connection (PGlite has one) and a payment booked meanwhile is in both the
 * balances and the operations, or in neither.
 */
async function readExport(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  now: Date,
): Promise<{ sections: Record<string, unknown>; operations: string[] }> {
  const profileRow = await exportProfile(q, customerId);
  const { taxIdSealed, taxIdPlain, ...profile } = profileRow ?? {};
  const taxId =
    typeof taxIdSealed === 'string'
      ? openTaxId(ctx, customerId, taxIdSealed)
      : typeof taxIdPlain === 'string'
        ? taxIdPlain
        : null;
  const accounts = await exportAccounts(q, customerId);
  const sections: Record<string, unknown> = {
    readme: EXPORT_README,
    generatedAt: now,
    profile: { ...profile, taxId },
    accounts,
    beneficiaries: await exportBeneficiaries(q, customerId),
    transfers: await exportTransfers(q, customerId),
    cards: await exportCards(q, customerId),
    cardPayments: await exportCardPayments(q, customerId),
    cardRefunds: await exportCardRefunds(q, customerId),
    cardAuthentications: await exportCardAuthentications(q, customerId),
    cardAgreements: await exportCardAgreements(q, customerId),
    directDebitMandates: await exportDirectDebitMandates(q, customerId),
    directDebitCollections: await exportDirectDebitCollections(q, customerId),
    directDebitClaims: await exportDirectDebitClaims(q, customerId),
    directDebitSettings: await exportDirectDebitSettings(q, customerId),
    messages: await exportMessages(q, customerId),
    notifications: await exportNotifications(q, customerId),
    heldCredits: await exportHeldCredits(q, customerId),
    fraudReports: await exportFraudReports(q, customerId),
    thirdPartyAccess: await exportThirdPartyAccess(q, customerId),
    thirdPartyPayments: await exportThirdPartyPayments(q, customerId),
    sessions: await exportSessions(q, customerId),
    secondFactors: await exportSecondFactors(q, customerId),
    consents: {
      notificationPreferences: await exportNotificationPreferences(q, customerId),
      pushDevices: await exportPushDevices(q, customerId),
    },
    documentRequests: await exportDocumentRequests(q, customerId),
    identityChangeRequests: await exportIdentityChangeRequests(q, customerId),
    identity: {
      applications: await exportApplications(q, customerId),
      corrections: await exportCorrectionRequests(q, customerId),
    },
  };
  const operations: string[] = [];
  let first = true;
  for (const account of accounts) {
    let after: ExportRow | undefined;
    for (;;) {
      const page = await exportPostingsPage(q, {
        customerId,
        accountId: String(account.id),
        afterEntryId: (after?.entryId as bigint | undefined) ?? -1n,
        afterPostingId: (after?.postingId as bigint | undefined) ?? -1n,
        limit: OPERATIONS_PAGE,
      });
      if (page.length > 0) {
        let chunk = '';
        for (const row of page) {
          chunk += `${first ? '' : ','}\n    ${JSON.stringify(plain(row))}`;
          first = false;
        }
        operations.push(chunk);
      }
      if (page.length < OPERATIONS_PAGE) break;
      after = page[page.length - 1];
    }
  }
  return { sections, operations };
}
