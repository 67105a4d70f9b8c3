// Error codes thrown here: customer_closed, customer_not_found, customer_underage,
//   identity_fields_not_editable_by_operator, pagination_cursor_invalid.
import {
  ageOn,
  INCOME_RANGE_LABELS,
  isoDate,
  type BackofficeCustomerDetail,
  type BackofficeCustomerRow,
  type BackofficeCustomersPage,
  type BackofficeCustomersQuery,
  type BackofficeCustomerUpdate,
  IDENTITY_FIELDS,
  type IdentityField,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { customerIdParam } from '../../http/params.ts';
import { isUuid, toJsonCents } from '@comptoir/core';
import { availableBalance, customerAccounts } from '../../ledger/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import {
  applicationSummary,
  correctionsOfCustomer,
  customerCount,
  customerDetail,
  customerPage,
  updateCustomerFields,
  type CustomerDetailRow,
  type CustomerListRow,
  type EditableField,
  type ListCursor,
} from './customers-queries.ts';
import { openTaxId, sealTaxId } from '../customers/index.ts';

const encodeCursor = (r: CustomerListRow): string =>
  Buffer.from(`c:${r.review_rank}:${r.created_us}:${r.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): ListCursor | null {
  if (!cursor) return null;
  const m = /^c:([0-3]):(-?\d{1,18}):([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m?.[1] || !m[2] || !m[3] || !isUuid(m[3])) throw new AppError('pagination_cursor_invalid');
  return { rank: Number(m[1]), createdUs: BigInt(m[2]), id: m[3] };
}

const toRow = (r: CustomerListRow): BackofficeCustomerRow => ({
  id: r.id,
  number: String(r.customer_number),
  lastName: r.last_name,
  firstName: r.first_name,
  email: r.email,
  status: r.status,
  createdAt: r.created_at.toISOString(),
});

/** The customers table: search, status filter, applications to review first, pagination. */
export async function listCustomers(
  ctx: AppContext,
  query: BackofficeCustomersQuery,
): Promise<BackofficeCustomersPage> {
  const filter = { status: query.status ?? null, q: query.q?.trim() || null };
  const rows = await customerPage(ctx.db, {
    ...filter,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    total: await customerCount(ctx.db, filter),
  };
}

async function detailOf(ctx: AppContext, q: Queryable, id: string): Promise<BackofficeCustomerDetail> {
  const c = await customerDetail(q, id);
  if (!c) throw new AppError('customer_not_found');
  const accounts = await customerAccounts(q, id);
  const application = await applicationSummary(q, id);
  const corrections = await correctionsOfCustomer(q, id);
  return {
    id: c.id,
    number: String(c.customer_number),
    status: c.status,
    email: c.email,
    emailVerifiedAt: c.email_verified_at?.toISOString() ?? null,
    firstName: c.first_name,
    lastName: c.last_name,
    gender: c.gender,
    birthDate: c.birth_date,
    age: c.birth_date ? ageOn(c.birth_date, isoDate(ctx.clock.now())) : null,
    phone: c.phone,
    profession: c.profession,
    income: c.income_range,
    incomeLabel: c.income_range ? INCOME_RANGE_LABELS[c.income_range] : null,
    residenceCountry: c.residence_country,
    address: c.address,
    postalCode: c.postal_code,
    city: c.city,
    taxCountry: c.tax_country,
    taxId: openTaxId(ctx, c.id, c.tax_id_sealed),
    createdAt: c.created_at.toISOString(),
    accounts: accounts.map((a) => ({
      id: String(a.id),
      iban: a.iban,
      bic: ctx.config.institution.bic,
      name: a.name,
      kind: a.kind === 'customer_sub' ? ('sub' as const) : ('main' as const),
      status: a.status,
      bookedBalance: toJsonCents(a.postedBalance),
      availableBalance: toJsonCents(availableBalance(a)),
    })),
    application: application
      ? {
          documentCountry: application.document_country,
          documentType: application.document_type,
          submittedAt: application.submitted_at?.toISOString() ?? null,
          decidedAt: application.decided_at?.toISOString() ?? null,
          rejectionReason: application.rejection_reason,
        }
      : null,
    corrections: corrections.map((r) => ({
      id: r.id,
      requestedAt: r.requested_at.toISOString(),
      operatorName: r.operator_name,
      reasons: r.reasons,
      documentKinds: r.document_kinds,
      resolvedAt: r.resolved_at?.toISOString() ?? null,
    })),
  };
}

/** The manage panel: identity, accounts (read-only balances), application, corrections. */
export const getCustomer = (ctx: AppContext, id: string): Promise<BackofficeCustomerDetail> =>
  detailOf(ctx, ctx.db, customerIdParam(id));

const isIdentityField = (field: string): field is IdentityField =>
  (IDENTITY_FIELDS as readonly string[]).includes(field);

const currentIdentity = (c: CustomerDetailRow): Record<IdentityField, string | null> => ({
  firstName: c.first_name,
  lastName: c.last_name,
  birthDate: c.birth_date,
  taxCountry: c.tax_country,
});

/**
 * Edits personal data (never the e-mail, the status or money). Once the account is open, the
 * verified identity (IDENTITY_FIELDS) is not editable here either: 422 `identity_fields_not_editable`
 * (corrections during the onboarding review still go through this edit). Audited with the names of the
 * changed fields only: the audit log is immutable, so it must not become a copy of personal data.
 */
export async function updateCustomer(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: BackofficeCustomerUpdate,
): Promise<BackofficeCustomerDetail> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const current = await customerDetail(q, customerId, { forUpdate: true });
    if (!current) throw new AppError('customer_not_found');
    if (current.status === 'closed') throw new AppError('customer_closed');
    if (body.birthDate !== undefined) {
      const age = ageOn(body.birthDate, isoDate(now));
      if (age === null || age < 18) throw new AppError('customer_underage');
    }
    const changes: Partial<Record<EditableField, string>> = {};
    for (const [field, value] of Object.entries(body) as [EditableField, string | undefined][]) {
      if (value === undefined) continue;
      if (current.status === 'active' && isIdentityField(field)) {
        // The identity was verified when the account opened: it changes only through an accepted
        // identity change request. The same value (a form re-sending it) is simply not a change.
        if (value === currentIdentity(current)[field]) continue;
        throw new AppError('identity_fields_not_editable_by_operator');
      }
      changes[field] = field === 'taxId' ? sealTaxId(ctx, customerId, value) : value;
    }
    await updateCustomerFields(q, customerId, changes, now);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.updated',
      details: { fields: Object.keys(changes).sort() },
      at: now,
    });
    return detailOf(ctx, q, customerId);
  });
}
