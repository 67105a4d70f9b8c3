// Error codes thrown here: email_taken, operator_email_invalid, operator_name_too_long, operator_role_unknown.
import { randomUUID } from 'node:crypto';
import type { CreateOperatorRequest, OperatorLinkSent } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sendEnrolmentLink } from './enrolment-link.ts';
import { lockOperator } from './admin-queries.ts';
import { checkNewOperator, emailTaken, insertNewOperator } from './operators-service.ts';
import { operatorByEmail } from './queries.ts';
import { toOperatorListItem } from './operator-view.ts';

/**
 * An admin invites an operator: the operator row is created without password nor TOTP secret
 * (`invited`: no sign-in possible), and a single-use invitation link is mailed to its address, in
 * one transaction with the `operator.invited` audit row. The invited operator chooses their own
 * password and enrols their own authenticator app through the link; the admin sees neither.
 */
export async function inviteOperator(
  ctx: AppContext,
  adminId: string,
  input: CreateOperatorRequest,
): Promise<OperatorLinkSent> {
  const checked = checkNewOperator(input);
  if (await operatorByEmail(ctx.db, checked.email)) throw emailTaken();
  const id = randomUUID();
  let sent: OperatorLinkSent | undefined;
  await insertNewOperator(
    ctx,
    { id, ...checked, factors: null },
    { actorOperatorId: adminId, via: 'backoffice' },
    async (q, created) => {
      const expiresAt = await sendEnrolmentLink(ctx, q, created, 'invitation', ctx.clock.now());
      const row = await lockOperator(q, id);
      sent = {
        operator: toOperatorListItem(row!),
        sentTo: checked.email,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );
  return sent!;
}
