// Error codes thrown here: email_taken, operator_email_invalid, operator_name_too_long,
//   operator_role_unknown, weak_password.
import { randomUUID } from 'node:crypto';
import { passwordWeakness } from '@comptoir/core';
import { Email, OperatorRole, type Operator } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sqlState } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../crypto/password.ts';
import { Sealer } from '../../crypto/seal.ts';
import { appendAudit } from '../../audit/audit.ts';
import { insertOperator, operatorByEmail, type OperatorRow } from './queries.ts';
import { newTotpSecret } from './totp.ts';

export { currentTotp } from './totp.ts';

/** TOTP secrets are sealed with a key of their own, bound to the operator's id (AAD). */
export const totpSealer = (ctx: AppContext): Sealer => new Sealer(ctx.masterKey, 'operator-totp');

export const toOperator = (r: Pick<OperatorRow, 'id' | 'email' | 'name' | 'role'>): Operator => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
});

/**
 * Creates an operator: argon2id password (checked by the shared strength rule), a random TOTP
 * secret sealed at rest, and an `operator.created` audit entry in the same transaction. Returns the
 * secret in clear once, for the operator's authenticator app.
 *
 * `actorOperatorId` is the admin who created it (null from the CLI or the demo seed).
 */
export async function createOperator(
  ctx: AppContext,
  input: { email: string; password: string; role: OperatorRole; name?: string },
  options: { actorOperatorId?: string | null; via?: string } = {},
): Promise<{ operator: Operator; totpSecret: string }> {
  const email = Email.safeParse(input.email);
  if (!email.success) throw new AppError('operator_email_invalid');
  const role = OperatorRole.safeParse(input.role);
  if (!role.success) {
    throw new AppError('operator_role_unknown');
  }
  const name = (input.name ?? '').trim() || email.data.split('@')[0] || email.data;
  if (name.length > 100) throw new AppError('operator_name_too_long');
  const weakness = passwordWeakness(input.password, [email.data.split('@')[0] ?? '', name], 'operator');
  if (weakness) throw new AppError('weak_password', { reason: weakness });
  if (await operatorByEmail(ctx.db, email.data)) throw emailTaken();

  const id = randomUUID();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  try {
    const row = await ctx.db.tx(async (q) => {
      const created = await insertOperator(q, {
        id,
        email: email.data,
        name,
        role: role.data,
        passwordHash,
        totpSecretSealed: totpSealer(ctx).seal(totpSecret, id),
        now,
      });
      await appendAudit(q, {
        operatorId: options.actorOperatorId ?? null,
        customerId: null,
        action: 'operator.created',
        details: {
          targetOperatorId: id,
          email: email.data,
          name,
          role: role.data,
          via: options.via ?? 'service',
        },
        at: now,
      });
      return created;
    });
    return { operator: toOperator(row), totpSecret };
  } catch (error) {
    if (sqlState(error) === '23505') throw emailTaken();
    throw error;
  }
}

const emailTaken = () => new AppError('email_taken');
