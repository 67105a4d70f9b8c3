import type { IdentityDocumentType, IncomeRange } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export type ApplicationStatus = 'draft' | 'submitted' | 'duplicate' | 'approved' | 'rejected';

export interface ApplicationRow {
  id: string;
  status: ApplicationStatus;
  customer_id: string | null;
  residence_country: string;
  income_range: IncomeRange;
  profession: string;
  email: string | null;
  document_country: string | null;
  document_type: IdentityDocumentType | null;
  upload_count: number;
  upload_bytes: bigint;
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
  decided_at: Date | null;
  rejection_reason: string | null;
}

const APPLICATION_COLUMNS = `id, status, customer_id, residence_country, income_range, profession, email,
  document_country, document_type, upload_count, upload_bytes, created_at, updated_at, submitted_at,
  decided_at, rejection_reason`;

export async function insertApplication(
  q: Queryable,
  a: { id: string; tokenHash: string; country: string; income: IncomeRange; profession: string; now: Date },
): Promise<ApplicationRow> {
  const { rows } = await q.query<ApplicationRow>(
    `insert into onboarding_applications (id, token_hash, residence_country, income_range, profession, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning ${APPLICATION_COLUMNS}`,
    [a.id, a.tokenHash, a.country, a.income, a.profession, a.now],
  );
  return rows[0]!;
}

/** The draft application a cookie token designates, while it is younger than `activeSince`. */
export async function draftByToken(
  q: Queryable,
  tokenHash: string,
  activeSince: Date,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from onboarding_applications
      where token_hash = $1 and status = 'draft' and updated_at > $2
      ${options.forUpdate ? 'for update' : ''}`,
    [tokenHash, activeSince],
  );
  return rows[0] ?? null;
}

export async function applicationOfCustomer(
  q: Queryable,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from onboarding_applications where customer_id = $1
      ${options.forUpdate ? 'for update' : ''}`,
    [customerId],
  );
  return rows[0] ?? null;
}

export async function applicationById(
  q: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from onboarding_applications where id = $1 ${options.forUpdate ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function updateStepOne(
  q: Queryable,
  id: string,
  s: { country: string; income: IncomeRange; profession: string; now: Date },
): Promise<ApplicationRow> {
  const { rows } = await q.query<ApplicationRow>(
    `update onboarding_applications set residence_country = $2, income_range = $3, profession = $4, updated_at = $5
      where id = $1 returning ${APPLICATION_COLUMNS}`,
    [id, s.country, s.income, s.profession, s.now],
  );
  return rows[0]!;
}

/** Sets the given fields of a draft (null leaves a field unchanged). */
export async function updateDraft(
  q: Queryable,
  id: string,
  s: {
    email: string | null;
    documentCountry: string | null;
    documentType: IdentityDocumentType | null;
    now: Date;
  },
): Promise<ApplicationRow> {
  const { rows } = await q.query<ApplicationRow>(
    `update onboarding_applications set
       email = coalesce($2, email),
       document_country = coalesce($3, document_country),
       document_type = coalesce($4, document_type),
       updated_at = $5
      where id = $1 returning ${APPLICATION_COLUMNS}`,
    [id, s.email, s.documentCountry, s.documentType, s.now],
  );
  return rows[0]!;
}

/**
 * Submit with a new address: the application now belongs to the customer. The cookie token stays
 * bound to it until the address is verified (resend, first session); the first mail is timed.
 */
export async function attachToCustomer(
  q: Queryable,
  id: string,
  customerId: string,
  now: Date,
): Promise<void> {
  await q.query(
    `update onboarding_applications set status = 'submitted', customer_id = $2,
       submitted_at = $3, updated_at = $3, mails_sent_at = array[$3::timestamptz]
      where id = $1`,
    [id, customerId, now],
  );
}

/** Submit with an address that already has an account: nothing of it will be reviewed. */
export async function markDuplicate(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    `update onboarding_applications set status = 'duplicate', submitted_at = $2, updated_at = $2,
       mails_sent_at = array[$2::timestamptz]
      where id = $1`,
    [id, now],
  );
}

/** A submitted (or duplicate) application still bound to its cookie, with its mail times. */
export async function submittedByToken(
  q: Queryable,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<(ApplicationRow & { mails_sent_at: Date[] }) | null> {
  const { rows } = await q.query<ApplicationRow & { mails_sent_at: Date[] }>(
    `select ${APPLICATION_COLUMNS}, mails_sent_at from onboarding_applications
      where token_hash = $1 and status in ('submitted', 'duplicate')
      ${options.forUpdate ? 'for update' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** One more mail for the application; times older than an hour are dropped. */
export async function recordApplicationMail(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    `update onboarding_applications
        set mails_sent_at = array(select t from unnest(mails_sent_at) t where t > $2::timestamptz - interval '1 hour')
                            || $2::timestamptz,
            updated_at = $2
      where id = $1`,
    [id, now],
  );
}

/** The address is verified: the cookie no longer designates the application. */
export async function forgetApplicationToken(q: Queryable, customerId: string): Promise<void> {
  await q.query('update onboarding_applications set token_hash = null where customer_id = $1', [customerId]);
}
