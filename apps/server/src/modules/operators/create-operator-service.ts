import { randomBytes } from 'node:crypto';
import type { CreatedOperator, CreateOperatorRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { operatorById } from './queries.ts';
import { createOperator } from './operators-service.ts';
import { operatorTotpUri, toOperatorListItem } from './operator-view.ts';

/** 18 random bytes in base64url, with a fixed tail so every character class rule holds: 28 characters. */
const generatePassword = (): string => `${randomBytes(18).toString('base64url')}-A1b`;

/**
 * An admin creates an operator (audited by `createOperator`, in its transaction). The TOTP secret,
 * and the password when the server generated it, are returned once and never again.
 */
export async function createOperatorByAdmin(
  ctx: AppContext,
  adminId: string,
  input: CreateOperatorRequest,
): Promise<CreatedOperator> {
  const generated = input.password === undefined ? generatePassword() : undefined;
  const { operator, totpSecret } = await createOperator(
    ctx,
    { email: input.email, name: input.name, role: input.role, password: input.password ?? generated! },
    { actorOperatorId: adminId, via: 'backoffice' },
  );
  const row = await operatorById(ctx.db, operator.id);
  return {
    operator: toOperatorListItem(row!),
    totpSecret,
    otpauthUri: operatorTotpUri(ctx, totpSecret, operator.email),
    ...(generated ? { generatedPassword: generated } : {}),
  };
}
