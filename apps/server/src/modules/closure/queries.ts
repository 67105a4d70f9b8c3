import type { Queryable } from '../../db/types.ts';

/** The customer, locked (closing, erasing and manual entries serialise on this row), with what closing reads. */
export async function lockCustomerForClosure(
  q: Queryable,
  customerId: string,
): Promise<{
  status: string;
  email: string;
  first_name: string | null;
  application_id: string | null;
  has_accounts: boolean;
  pending_manual_entries: number;
  frozen: boolean;
} | null> {
  const { rows } = await q.query<{
    status: string;
    email: string;
    first_name: string | null;
    application_id: string | null;
    has_accounts: boolean;
    pending_manual_entries: number;
    frozen: boolean;
  }>(
    `select c.status, c.email, c.first_name,
            (select a.id from onboarding_applications a where a.customer_id = c.id) as application_id,
            exists (select 1 from ledger_accounts l where l.customer_id = c.id) as has_accounts,
            (select count(*)::int from manual_entries m
              where m.customer_id = c.id and m.status = 'pending') as pending_manual_entries,
            customer_frozen(c.id) as frozen
       from customers c where c.id = $1 for update of c`,
    [customerId],
  );
  return rows[0] ?? null;
}

/**
 * Deletes the files the customer uploaded for document requests and queues the stored objects for
 * deletion in the same transaction; returns their storage keys.
 */
export async function dropDocumentRequestFiles(
  q: Queryable,
  customerId: string,
  now: Date,
): Promise<string[]> {
  const { rows } = await q.query<{ storage_key: string }>(
    `with gone as (delete from document_request_files where customer_id = $1 returning storage_key)
     insert into storage_deletions (storage_key, requested_at)
     select storage_key, $2 from gone
     on conflict (storage_key) do nothing
     returning storage_key`,
    [customerId, now],
  );
  return rows.map((r) => r.storage_key);
}

/**
 * Deletes every mail to the customer's address or the address they were changing to — pending,
 * sent or failed: the address is personal data and a body may greet them by name.
 */
export async function deleteMailsTo(q: Queryable, customerId: string): Promise<void> {
  await q.query(
    `delete from mail_outbox
      where lower(to_address) in (select lower(email) from customers where id = $1
                                  union select lower(pending_email) from customers where id = $1)`,
    [customerId],
  );
}

/**
 * Deletes an applicant (sessions, tokens, application, corrections, factors, requests cascade; the
 * live-event and published-event tables hold no foreign key, for the publishers' speed, and are emptied here).
 */
export async function deleteApplicant(q: Queryable, customerId: string): Promise<void> {
  await q.query('delete from live_events where customer_id = $1', [customerId]);
  await q.query('delete from live_streams where customer_id = $1', [customerId]);
  await q.query('delete from live_event_heads where customer_id = $1', [customerId]);
  await q.query('delete from domain_events where customer_id = $1', [customerId]);
  await q.query('delete from customers where id = $1', [customerId]);
}

/** Cancels the customer's active cards (a closed customer pays with none); returns how many. */
export async function cancelCustomerCards(q: Queryable, customerId: string, now: Date): Promise<number> {
  const { rows } = await q.query(
    `update cards set status = 'cancelled', cancelled_at = $2, updated_at = $2
      where customer_id = $1 and status = 'active' returning id`,
    [customerId, now],
  );
  return rows.length;
}

/** Cancels transfers planned for later (nothing is reserved for them); returns how many. */
export async function cancelScheduledTransfers(q: Queryable, customerId: string, now: Date): Promise<number> {
  const { rows } = await q.query(
    `update transfers set status = 'cancelled', updated_at = $2
      where customer_id = $1 and status = 'scheduled' returning id`,
    [customerId, now],
  );
  return rows.length;
}

export async function markCustomerClosed(q: Queryable, customerId: string, now: Date): Promise<void> {
  await q.query(`update customers set status = 'closed', closed_at = $2, updated_at = $2 where id = $1`, [
    customerId,
    now,
  ]);
}

/** Closed customers past retention whose personal data is still there, locked (skipping rows in use). */
export async function customersToAnonymise(
  q: Queryable,
  closedBefore: Date,
  limit: number,
): Promise<{ id: string; application_id: string | null }[]> {
  const { rows } = await q.query<{ id: string; application_id: string | null }>(
    `select c.id, (select a.id from onboarding_applications a where a.customer_id = c.id) as application_id
       from customers c
      where c.status = 'closed' and c.anonymised_at is null and c.closed_at < $1
      order by c.closed_at limit $2 for update of c skip locked`,
    [closedBefore, limit],
  );
  return rows;
}

/**
 * Removes a closed customer's personal data: names, address, phone, birth date, tax data, a
 * placeholder e-mail, an unusable password; the application's copy of the e-mail, their second
 * factors, payees, pending tokens and SCA challenges; the card holder's name; the mails to them;
 * their messages, notifications, push devices, sessions, correction and document requests (the files go with
 * `dropDocumentRequestFiles`, before); their identity change requests (documents queued for
 * deletion). Ledger entries, transfers, card payments, manual entries and the audit log stay
 * (`closure.test.ts` lists every table naming a customer and what becomes of it).
 */
export async function anonymiseCustomer(q: Queryable, customerId: string, now: Date): Promise<void> {
  await deleteMailsTo(q, customerId);
  await q.query(
    `update customers set
        email = 'anonyme-' || id || '@anonyme.invalid', pending_email = null, password_hash = '!',
        first_name = null, last_name = null, gender = null, birth_date = null, phone = null,
        profession = null, income_range = null, residence_country = null, address = null,
        postal_code = null, city = null, tax_country = null, tax_id = null, tax_id_sealed = null,
        anonymised_at = $2, updated_at = $2
      where id = $1`,
    [customerId, now],
  );
  await q.query(
    `update onboarding_applications set email = null, profession = '', income_range = '', residence_country = ''
      where customer_id = $1`,
    [customerId],
  );
  await q.query(`update cards set holder_first_name = '', holder_last_name = '' where customer_id = $1`, [
    customerId,
  ]);
  await q.query('delete from sca_factors where customer_id = $1', [customerId]);
  await q.query('delete from one_time_tokens where customer_id = $1', [customerId]);
  await q.query('delete from customer_sessions where customer_id = $1', [customerId]);
  await q.query('delete from beneficiaries where customer_id = $1', [customerId]);
  await q.query('delete from notifications where customer_id = $1', [customerId]);
  await q.query('delete from notification_preferences where customer_id = $1', [customerId]);
  // Push devices go with what was still queued for them.
  await q.query('delete from push_subscriptions where customer_id = $1', [customerId]);
  await q.query('delete from direct_debit_settings where customer_id = $1', [customerId]);
  // Recent live events and published facts name payers and payees; stream slots name the session.
  await q.query('delete from live_events where customer_id = $1', [customerId]);
  await q.query('delete from domain_events where customer_id = $1', [customerId]);
  await q.query('delete from live_streams where customer_id = $1', [customerId]);
  // Identity change requests carry names and a supporting document: the rows go, the files are queued.
  await q.query(
    `with gone as (delete from identity_change_requests where customer_id = $1 returning document_storage_key)
     insert into storage_deletions (storage_key, requested_at)
     select document_storage_key, $2 from gone
     on conflict (storage_key) do nothing`,
    [customerId, now],
  );
  await q.query('delete from messages where customer_id = $1', [customerId]);
  await q.query('delete from document_requests where customer_id = $1', [customerId]);
  await q.query('delete from correction_requests where customer_id = $1', [customerId]);
  await q.query('delete from sca_challenges where customer_id = $1', [customerId]);
}
