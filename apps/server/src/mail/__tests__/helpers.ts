import type { AppContext } from '../../context.ts';
import { uniqueEmail } from '../../testing/test-basics.ts';
import { listMailbox } from '../mailbox.ts';
import { mailBrand, passwordResetMail } from '../templates.ts';

/** Test helpers for the mail tests (never imported by production code). */

/** Queues a password reset mail carrying `token` to `to`; returns its outbox id and address. */
export async function enqueueResetMail(
  ctx: AppContext,
  token: string,
  to = uniqueEmail('courrier'),
): Promise<{ id: bigint; to: string }> {
  const brand = mailBrand(ctx.config);
  await ctx.outbox.enqueue(
    ctx.db,
    passwordResetMail(brand, {
      to,
      firstName: 'Zoé',
      link: `${brand.publicUrl}/change-password?token=${token}`,
      validMinutes: 60,
    }),
  );
  const [entry] = await listMailbox(ctx, to);
  if (!entry) throw new Error('not enqueued');
  return { id: BigInt(entry.id), to };
}
