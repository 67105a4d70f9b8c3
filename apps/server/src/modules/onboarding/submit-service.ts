// Error codes thrown here: application_incomplete, birth_date_invalid, email_missing, password_mismatch,
//   underage, weak_password.
import { maskEmail, passwordWeakness } from '@comptoir/core';
import { ADULT_AGE, ageOn, DOCUMENT_KIND_LABELS, isoDate } from '@comptoir/contracts';
import type { OnboardingSubmitRequest, OnboardingSubmitResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { hashPassword } from '../../crypto/password.ts';
import { AppError } from '../../errors.ts';
import { alreadyRegisteredMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerByEmail, createCustomerWithHash } from '../customers/index.ts';
import { queueVerificationMail } from './verification-mail.ts';
import { findDraft, missingKinds, noApplication } from './application.ts';
import { attachToCustomer, markDuplicate } from './queries.ts';
import { currentDocuments, dropDocuments } from './document-queries.ts';
import { recordCustomerIdentity } from '../customers/index.ts';
import { sealTaxId } from '../customers/index.ts';

/**
 * Step 6: creates the customer (`pending_email`, argon2id password, identity), attaches the
 * application and mails the verification link — one transaction. When the address already
 * belongs to a customer, that address gets the « compte déjà existant » mail, the application's
 * documents are dropped, and the answer is the same (no account enumeration). Both cases take the
 * same time too: the same argon2 work, a transaction of the same kind (rows, a mail, an audit
 * row), and no file work — the dropped files are deleted by the storage job, not here. Neither case opens
 * a session: the application cookie stays bound to the submitted application (resend), and the
 * verification link opens the first session (verify-email-service).
 */
export async function submitApplication(
  ctx: AppContext,
  applicationToken: string | undefined,
  body: OnboardingSubmitRequest,
): Promise<OnboardingSubmitResponse> {
  const draft = await findDraft(ctx, ctx.db, applicationToken);
  if (!draft) throw noApplication();
  const email = draft.email;
  if (!email) throw new AppError('email_missing');
  const missing = missingKinds(draft, await currentDocuments(ctx.db, draft.id));
  if (!draft.document_type || missing.length > 0) {
    throw new AppError('application_incomplete', {
      missing: missing.map((k) => DOCUMENT_KIND_LABELS[k].toLowerCase()),
    });
  }
  const age = ageOn(body.birthDate, isoDate(ctx.clock.now()));
  if (age === null) throw new AppError('birth_date_invalid');
  if (age < ADULT_AGE) throw new AppError('underage');
  const weakness = passwordWeakness(body.password, [
    body.firstName,
    body.lastName,
    email.split('@')[0] ?? '',
  ]);
  if (weakness) throw new AppError('weak_password', { reason: weakness });
  if (body.password !== body.passwordConfirmation) {
    throw new AppError('password_mismatch');
  }
  // Hashed whatever the outcome, so both answers take the same time.
  const passwordHash = await hashPassword(body.password);
  const response: OnboardingSubmitResponse = { emailMasked: maskEmail(email), next: '/check-your-mailbox' };

  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.tx(async (q) => {
        const now = ctx.clock.now();
        const app = await findDraft(ctx, q, applicationToken, { forUpdate: true });
        if (!app?.email) throw noApplication();
        const existing = await findCustomerByEmail(q, app.email);
        if (existing) {
          await markDuplicate(q, app.id, now);
          await dropDocuments(q, [app.id], now);
          await ctx.outbox.enqueue(q, alreadyRegisteredMail(mailBrand(ctx.config), { to: existing.email }));
          await appendAudit(q, {
            operatorId: null,
            customerId: existing.id,
            action: 'customer.duplicate_application',
            details: { applicationId: app.id },
            at: now,
          });
          return;
        }
        const customer = await createCustomerWithHash(q, {
          email: app.email,
          passwordHash,
          status: 'pending_email',
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone,
        });
        await recordCustomerIdentity(q, customer.id, {
          gender: body.gender,
          birthDate: body.birthDate,
          profession: app.profession,
          income: app.income_range,
          residenceCountry: app.residence_country,
          address: body.address,
          postalCode: body.postalCode,
          city: body.city,
          taxCountry: body.taxCountry,
          taxIdSealed: sealTaxId(ctx, customer.id, body.taxId),
        });
        await attachToCustomer(q, app.id, customer.id, now);
        await queueVerificationMail(
          ctx,
          q,
          { id: customer.id, email: customer.email, firstName: body.firstName },
          now,
        );
        await appendAudit(q, {
          operatorId: null,
          customerId: customer.id,
          action: 'customer.registered',
          details: { applicationId: app.id },
          at: now,
        });
      });
      return response;
    } catch (error) {
      // Two submits racing for one new address: the loser is an already-registered address.
      if (sqlState(error) === '23505' && attempt < 2) continue;
      throw error;
    }
  }
}
