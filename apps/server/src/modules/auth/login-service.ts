import type { LoginRequest, Me } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { dummyHash, verifyPassword } from '../../crypto/password.ts';
import { customerByEmail } from '../customers/queries.ts';
import {
  accountLocked,
  isLocked,
  registerDecoyFailure,
  registerRightPassword,
  registerWrongPassword,
} from './lockout.ts';
import { closeCustomerSession, openCustomerSession } from './sessions.ts';
import { toMe } from './me-service.ts';

export const invalidCredentials = () => new AppError('invalid_credentials', 401, 'Identifiants incorrects.');

/** Statuses that can never sign in; they get the very answer of a wrong password. */
const NO_LOGIN = new Set(['closed', 'rejected']);

/**
 * Password login (SPEC §6). Unknown e-mail, wrong password and closed/rejected customers all get
 * the same 401 after the same work: one argon2 verification (a dummy hash when there is no account)
 * and one counted failure (on a decoy row when there is no account's own failure to count). So does an applicant whose address is not verified yet,
 * even with the right password: otherwise the password chosen at sign-up would tell whether the
 * address already had an account (its owner's password differs). The verification link opens
 * their first session. 5 consecutive failures lock the account (423, with the
 * end of the lock); during a lock even the right password is refused. Success opens a server-side
 * session and returns its token (for the cookie) — any session the browser still had is closed.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  meta: { ip: string; userAgent: string; previousToken?: string | undefined },
): Promise<{ token: string; me: Me }> {
  const customer = await customerByEmail(ctx.db, input.email);
  const refuse = async () => {
    await registerDecoyFailure(ctx.db, input.email, ctx.clock.now());
    return invalidCredentials();
  };
  if (!customer) {
    await verifyPassword(await dummyHash(), input.password);
    throw await refuse();
  }
  if (NO_LOGIN.has(customer.status)) {
    await verifyPassword(customer.password_hash, input.password);
    throw await refuse();
  }
  if (isLocked(customer.locked_until, ctx.clock.now())) throw accountLocked(customer.locked_until);

  if (!(await verifyPassword(customer.password_hash, input.password))) {
    const lock = await registerWrongPassword(ctx.db, customer.id, ctx.clock.now());
    if (lock) throw accountLocked(lock);
    throw invalidCredentials();
  }
  if (customer.status === 'pending_email') throw await refuse();

  const session = await ctx.db.tx(async (q) => {
    await registerRightPassword(q, customer.id, ctx.clock.now());
    return openCustomerSession(ctx, q, customer.id, { ip: meta.ip, userAgent: meta.userAgent });
  });
  await closeCustomerSession(ctx, meta.previousToken);
  return { token: session.token, me: toMe(ctx, customer, session) };
}
