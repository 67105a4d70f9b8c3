// Error codes thrown here: email_taken, operator_email_invalid, operator_name_too_long,
//   operator_role_unknown, weak_password.
import { randomUUID } from 'node:crypto';
import { passwordWeakness } from '@comptoir/core';
import { Email, OperatorRole, type Operator } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sqlState, type Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../crypto/password.ts';
import { Sealer } from '../../crypto/seal.ts';
import { appendAudit } from '../../audit/audit.ts';
import { insertOperator, operatorByEmail, type OperatorRow } from './queries.ts';
import { newTotpSecret } from '../../crypto/totp.ts';

/** TOTP secrets are sealed with a key of their own, bound to the operator's id (AAD). */
export const totpSealer = (ctx: AppContext): Sealer => new Sealer(ctx.masterKey, 'operator-totp');

export const toOperator = (r: Pick<OperatorRow, 'id' | 'email' | 'name' | 'role'>): Operator => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
});

/** The checked fields of a new operator: an address, a known role, a name (the address's local part if none). */
export function checkNewOperator(input: { email: string; role: OperatorRole; name?: string | undefined }): {
  email: string;
  role: OperatorRole;
  name: string;
} {
  const email = Email.safeParse(input.email);
  if (!email.success) throw new AppError('operator_email_invalid');
  const role = OperatorRole.safeParse(input.role);
  if (!role.success) throw new AppError('operator_role_unknown');
  const name = (input.name ?? '').trim() || email.data.split('@')[0] || email.data;
  if (name.length > 100) throw new AppError('operator_name_too_long');
  return { email: email.data, role: role.data, name };
}

/** The operator's own words a password must not contain. */
export const operatorWords = (o: { email: string; name: string }): string[] => [
  o.email.split('@')[0] ?? '',
  o.name,
];

/**
 * Creates an operator who holds their own credentials at once — the first admin on the host
 * (`npm run operator:create`) and the sandbox's demo operator: argon2id password (checked by the
 * shared strength rule), a random TOTP secret sealed at rest, and an `operator.created` audit entry
 * in the same transaction. Returns the secret in clear once, for the operator's authenticator app.
 * An admin never creates an operator this way: they invite one (`invite-operator-service.ts`).
 *
 * `actorOperatorId` is null from the command line or the demo seed.
 */
export async function createOperator(
  ctx: AppContext,
  input: { email: string; password: string; role: OperatorRole; name?: string },
  options: { actorOperatorId?: string | null; via?: string } = {},
): Promise<{ operator: Operator; totpSecret: string }> {
  const checked = checkNewOperator(input);
  const weakness = passwordWeakness(input.password, operatorWords(checked), 'operator');
  if (weakness) throw new AppError('weak_password', { reason: weakness });
  if (await operatorByEmail(ctx.db, checked.email)) throw emailTaken();

  const id = randomUUID();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const row = await insertNewOperator(
    ctx,
    { id, ...checked, factors: { passwordHash, totpSecretSealed: totpSealer(ctx).seal(totpSecret, id) } },
    { actorOperatorId: options.actorOperatorId ?? null, via: options.via ?? 'service' },
  );
  return { operator: toOperator(row), totpSecret };
}

/**
 * Inserts the operator and its `operator.created` audit row, and runs `alsoInTx` (the invitation's
 * link and mail) in the same transaction; a taken address answers 409.
 */
export async function insertNewOperator(
  ctx: AppContext,
  o: {
    id: string;
    email: string;
    name: string;
    role: OperatorRole;
    factors: { passwordHash: string; totpSecretSealed: string } | null;
  },
  audit: { actorOperatorId: string | null; via: string },
  alsoInTx?: (q: Queryable, row: OperatorRow) => Promise<void>,
): Promise<OperatorRow> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.tx(async (q) => {
      const created = await insertOperator(q, { ...o, now });
      await appendAudit(q, {
        operatorId: audit.actorOperatorId,
        customerId: null,
        action: o.factors ? 'operator.created' : 'operator.invited',
        details: { targetOperatorId: o.id, email: o.email, name: o.name, role: o.role, via: audit.via },
        at: now,
      });
      await alsoInTx?.(q, created);
      return created;
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw emailTaken();
    throw error;
  }
}

export const emailTaken = () => new AppError('email_taken');
