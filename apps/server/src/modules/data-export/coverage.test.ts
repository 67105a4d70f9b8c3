import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCA_TOKEN_HEADER } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { customerCall } from '../../testing/customer-call.ts';
import { grantScaToken } from '../sca/__tests__/testing.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import { tablesNamingACustomer } from '../../testing/customer-tables.ts';

/**
 * Where each table naming a customer (by a `customer_id` column, or a foreign key to `customers` or
 * to such a table) is found in « Télécharger mes données »: the path of its section in the file, or
 * the reason it is left out. A table added later fails the first test until it is placed here.
 */
type Place = { section: string } | { left_out: string };

const SEEN_IN_OPERATIONS = 'what it records is in `operations` (the entries of the customer’s accounts)';
const PLACES: Record<string, Place> = {
  customers: { section: 'profile' },
  onboarding_applications: { section: 'identity.applications' },
  onboarding_documents: { section: 'identity.applications[].documents' },
  correction_requests: { section: 'identity.corrections' },
  identity_change_requests: { section: 'identityChangeRequests' },
  document_requests: { section: 'documentRequests' },
  document_request_files: { section: 'documentRequests[].files' },
  cards: { section: 'cards' },
  card_authorizations: { section: 'cardPayments' },
  card_refunds: { section: 'cardRefunds' },
  card_authentications: { section: 'cardAuthentications' },
  card_agreements: { section: 'cardAgreements' },
  beneficiaries: { section: 'beneficiaries' },
  transfers: { section: 'transfers' },
  direct_debit_mandates: { section: 'directDebitMandates' },
  direct_debit_collections: { section: 'directDebitCollections' },
  direct_debit_claims: { section: 'directDebitClaims' },
  direct_debit_settings: { section: 'directDebitSettings' },
  messages: { section: 'messages' },
  notifications: { section: 'notifications' },
  held_credits: { section: 'heldCredits' },
  fraud_reports: { section: 'fraudReports' },
  psd2_consents: { section: 'thirdPartyAccess' },
  psd2_payments: { section: 'thirdPartyPayments' },
  psd2_access_counts: {
    left_out: 'how many times a day a third party read an account without you, counted for its daily limit',
  },
  psd2_authorisations: {
    left_out:
      'each strong authentication given to a third party’s request; what it granted is in `thirdPartyAccess`',
  },
  notification_preferences: { section: 'consents.notificationPreferences' },
  push_subscriptions: { section: 'consents.pushDevices' },
  customer_sessions: { section: 'sessions' },
  sca_factors: { section: 'secondFactors' },
  ledger_accounts: { section: 'accounts' },
  spaces: { section: 'accounts[].spaceGoal' },
  ledger_entries: { section: 'operations' },
  ledger_postings: { section: 'operations' },
  ledger_entry_outcomes: { left_out: SEEN_IN_OPERATIONS },
  manual_entries: { left_out: `the operators’ record of their entries; ${SEEN_IN_OPERATIONS}` },
  push_deliveries: {
    left_out: 'copies of notifications on their way to a device (exported as `notifications`)',
  },
  sca_challenges: {
    left_out:
      'the bookkeeping of one-time strong authentications (nonce, hashed token); what each one ' +
      'allowed is exported in its own section',
  },
  one_time_tokens: { left_out: 'hashed tokens of the links mailed to the customer: secrets' },
  live_events: {
    left_out:
      'the last minutes’ announcements kept for reconnecting screens; what they announce has its own section',
  },
  live_streams: { left_out: 'the leases of open live connections: no data of the customer’s' },
  domain_events: {
    left_out:
      'the facts published about the customer in the last weeks (delivery, monitoring); each is exported in its own section',
  },
  live_event_heads: { left_out: 'the number of the customer’s last live event' },
  audit_log: {
    left_out: 'the bank’s own hash-chained record of actions; its rows name the customer by id only',
  },
  // Sanctions screening (docs/screening.md#screening): never shown to the customer (no tipping off).
  screening_changes: {
    left_out: 'the screening job’s marks of who to look at next; no data of the customer’s',
  },
  screening_subjects: {
    left_out:
      'the sanctions screening’s own state (last screening, identity hash): never disclosed, no tipping off',
  },
  screenings: {
    left_out: 'the bank’s sanctions screening records (AML): never disclosed to the customer, no tipping off',
  },
  screening_alerts: {
    left_out:
      'possible sanctions matches and compliance’s decisions: never disclosed to the customer, no tipping off',
  },
  asset_freezes: {
    left_out:
      'an asset freeze’s record (which alert, which operators): never disclosed; the customer is told only that the account is frozen',
  },
  // Transaction monitoring (docs/monitoring.md): never shown to the customer (no tipping off).
  monitoring_cases: {
    left_out: 'transaction monitoring cases and their decisions (AML): never disclosed, no tipping off',
  },
  monitoring_hits: {
    left_out:
      'the monitoring rules’ findings on the customer’s operations (AML): never disclosed, no tipping off',
  },
  monitoring_case_notes: {
    left_out: 'compliance’s notes on a monitoring case (AML): never disclosed, no tipping off',
  },
};

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const exportFor = async (customerId: string, cookie: string) =>
  customerCall(t.app, 'GET', '/api/me/data-export', cookie, undefined, {
    [SCA_TOKEN_HEADER]: await grantScaToken(t.ctx, customerId, 'data_export', {}),
  });

describe('« Télécharger mes données » covers every table of the customer', () => {
  it('every table naming a customer has its section in the file, or a stated reason to be left out', async () => {
    expect(await tablesNamingACustomer(t.ctx.db)).toEqual(Object.keys(PLACES).sort());

    const a = await signedIn(t.ctx, t.app, 0);
    const file = (await exportFor(a.customer.id, a.cookie)).json<Record<string, unknown>>();
    for (const [table, place] of Object.entries(PLACES)) {
      // `a.b[].c`: the file holds `a.b`, whose rows carry `c`.
      if ('section' in place) expect(file, table).toHaveProperty(place.section.split('[]')[0]!.split('.'));
    }
  });

  it('gives the customer their identity change requests: asked and former values, reason, decision — not the document', async () => {
    const a = await signedIn(t.ctx, t.app, 0);
    const b = await signedIn(t.ctx, t.app, 0);
    const storageKey = `stockage-${randomUUID()}`;
    const documentId = randomUUID();
    const insert = (customerId: string, reason: string, key: string, docId: string) =>
      t.ctx.db.query(
        `insert into identity_change_requests
           (id, customer_id, status, reason, last_name, current_first_name, current_last_name,
            document_id, document_mime, document_size, document_storage_key, created_at, decided_at,
            rejection_reason)
         values ($1, $2, 'rejected', $3, 'Durand-Lefèvre', 'Camille', 'Durand', $4, 'application/pdf',
                 2048, $5, $6, $6, 'Pièce illisible.')`,
        [randomUUID(), customerId, reason, docId, key, t.clock.now()],
      );
    await insert(a.customer.id, 'Mariage', storageKey, documentId);
    await insert(b.customer.id, 'Divorce de B', `stockage-${randomUUID()}`, randomUUID());

    const res = await exportFor(a.customer.id, a.cookie);
    expect(res.statusCode).toBe(200);
    const file = res.json<{ identityChangeRequests: unknown[] }>();
    expect(file.identityChangeRequests).toEqual([
      expect.objectContaining({
        status: 'rejected',
        reason: 'Mariage',
        firstName: null,
        lastName: 'Durand-Lefèvre',
        currentFirstName: 'Camille',
        currentLastName: 'Durand',
        documentMime: 'application/pdf',
        documentSize: 2048,
        rejectionReason: 'Pièce illisible.',
      }),
    ]);
    expect(res.body).not.toContain(storageKey);
    expect(res.body).not.toContain(documentId);
    expect(res.body).not.toContain('Divorce de B');
  });
});
