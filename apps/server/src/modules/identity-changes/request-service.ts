// Error codes thrown here: identity_change_empty, identity_change_pending, unauthenticated,
//   validation_failed.
import { randomUUID } from 'node:crypto';
import { CreateIdentityChangeRequest, type IdentityChangeRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { cleanDocument } from '../../storage/document-file.ts';
import {
  customerIdentityChange,
  insertIdentityChange,
  lockIdentityOnFile,
  type IdentityOnFile,
  type IdentityValuesRow,
} from './queries.ts';
import { toCustomerView } from './view.ts';

const pending = () => new AppError('identity_change_pending');

function parseForm(fields: Record<string, string>): CreateIdentityChangeRequest {
  const parsed = CreateIdentityChangeRequest.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('validation_failed', { errors }, { errors });
}

const onFile = (c: IdentityOnFile): IdentityValuesRow => ({
  firstName: c.first_name,
  lastName: c.last_name,
  birthDate: c.birth_date,
  taxCountry: c.tax_country,
});

/** Only what differs from the identity on file is asked for; nothing different → 400. */
function changesAsked(body: CreateIdentityChangeRequest, current: IdentityValuesRow): IdentityValuesRow {
  const differs = <T extends string | undefined>(value: T, now: string | null) =>
    value !== undefined && value !== now ? value : null;
  const asked = {
    firstName: differs(body.firstName, current.firstName),
    lastName: differs(body.lastName, current.lastName),
    birthDate: differs(body.birthDate, current.birthDate),
    taxCountry: differs(body.taxCountry, current.taxCountry),
  };
  if (Object.values(asked).every((v) => v === null)) {
    throw new AppError('identity_change_empty');
  }
  return asked;
}

/**
 * The customer asks to change their verified identity (docs/product/profile-and-security.md#profil): the fields to change,
 * the reason and a supporting document, checked and cleaned under onboarding's rules (JPEG, PNG,
 * HEIC or PDF by content, ≤ 10 MB, images re-encoded without metadata) and sealed under a random
 * name. Nothing of the identity changes until compliance accepts. At most one request is pending per
 * customer (409 `identity_change_pending`). Request and audit row commit together.
 */
export async function requestIdentityChange(
  ctx: AppContext,
  customerId: string,
  fields: Record<string, string>,
  bytes: Buffer,
): Promise<IdentityChangeRequest> {
  const body = parseForm(fields);
  const clean = await cleanDocument(bytes);
  const documentId = randomUUID();
  const storageKey = await ctx.files.put(clean.bytes, documentId);
  try {
    return await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const customer = await lockIdentityOnFile(q, customerId);
      if (!customer || customer.status !== 'active') throw new AppError('unauthenticated');
      const current = onFile(customer);
      const requested = changesAsked(body, current);
      const id = randomUUID();
      const inserted = await insertIdentityChange(q, {
        id,
        customerId,
        reason: body.reason,
        requested,
        current,
        document: { id: documentId, mime: clean.mime, size: clean.bytes.length, storageKey },
        now,
      });
      if (!inserted) throw pending();
      await appendAudit(q, {
        operatorId: null,
        actor: 'customer',
        customerId,
        action: 'identity_change.requested',
        details: {
          requestId: id,
          fields: Object.entries(requested)
            .filter(([, v]) => v !== null)
            .map(([k]) => k),
        },
        at: now,
      });
      const row = await customerIdentityChange(q, customerId, id);
      if (!row) throw new Error('identity change request vanished');
      return toCustomerView(row);
    });
  } catch (error) {
    await ctx.files.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
