import { OperatorEnrolmentCompleteRequest } from '@comptoir/contracts';
import { passwordWeakness } from '@comptoir/core';

/**
 * The enrolment page's form: the contract's request without the token (the link carries it). For
 * an invitation the password is the one the operator chooses, checked here by the server's rule
 * for operators (core's `passwordWeakness`, French reason); after a TOTP reset it is their current
 * one, checked by the server only.
 */
export const enrolmentForm = (who: { email: string; name: string; choosesPassword: boolean }) =>
  OperatorEnrolmentCompleteRequest.omit({ token: true }).superRefine(({ password }, ctx) => {
    if (!who.choosesPassword) return;
    const weakness = passwordWeakness(password, [who.email.split('@')[0] ?? '', who.name], 'operator');
    if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
  });

export const EMPTY_ENROLMENT = { password: '', code: '' };
