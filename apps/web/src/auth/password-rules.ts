import { z } from 'zod';
import { passwordWeakness } from '@comptoir/core';

interface NewPasswordMessages {
  required: string;
  mismatch: string;
}

/** Nouveau + confirmation: all filled, identical, and strong enough (reason in French from core). */
export const newPasswordForm = (messages: NewPasswordMessages) =>
  z
    .object({ password: z.string(), confirmation: z.string() })
    .superRefine(({ password, confirmation }, ctx) => {
      if (!password || !confirmation) {
        for (const path of ['password', 'confirmation'] as const) {
          if (!(path === 'password' ? password : confirmation)) {
            ctx.addIssue({ code: 'custom', path: [path], message: messages.required });
          }
        }
        return;
      }
      if (password !== confirmation) {
        ctx.addIssue({ code: 'custom', path: ['confirmation'], message: messages.mismatch });
        return;
      }
      const weakness = passwordWeakness(password);
      if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
    });
