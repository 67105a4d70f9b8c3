// Error codes thrown here: card_authentication_not_found.
import type { ThreeDsAuthenticationStatus } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authenticationValues } from './authentication-value.ts';
import { merchantStatus } from './authentication-view.ts';
import { forgetSealedValue, lockAuthentication } from './queries.ts';

/**
 * `GET /api/sandbox/3ds/authentications/{id}`: the merchant polls its authentication. Once the
 * customer has approved it, the first read hands over the authentication value (opened from its
 * sealed copy, which is erased in the same transaction: a second read says `authenticated` without
 * it); an exempted one's value was in the first answer. A challenge past its 10 minutes reads
 * `expired` before the expiry job has marked it.
 */
export function cardAuthenticationStatus(ctx: AppContext, id: string): Promise<ThreeDsAuthenticationStatus> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockAuthentication(q, id);
    if (!row) throw new AppError('card_authentication_not_found');
    const status = merchantStatus(row, now);
    const answer: ThreeDsAuthenticationStatus = {
      id: row.id,
      status,
      ...(row.reason ? { reason: row.reason } : {}),
    };
    if (status === 'authenticated' && row.value_sealed) {
      answer.authenticationValue = authenticationValues(ctx.masterKey).open(row.id, row.value_sealed);
      await forgetSealedValue(q, row.id);
    }
    return answer;
  });
}
