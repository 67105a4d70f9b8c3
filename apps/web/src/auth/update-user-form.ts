import { z } from 'zod';
import { Email, UpdateMeRequest } from '@comptoir/contracts';
import { passwordWeakness } from '@comptoir/core';

/** /update-user: e-mail, prénom, nom and current password required; new password optional but strong. */
export const updateUserForm = (required: string) =>
  z
    .object({
      email: z.string().trim().min(1, required).pipe(Email),
      firstName: UpdateMeRequest.shape.firstName,
      lastName: UpdateMeRequest.shape.lastName,
      newPassword: z.string().max(256),
      currentPassword: z.string().min(1, required).max(256),
    })
    .superRefine(({ newPassword, firstName, lastName, email }, ctx) => {
      if (!newPassword) return;
      const weakness = passwordWeakness(newPassword, [firstName, lastName, email.split('@')[0] ?? '']);
      if (weakness) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: weakness });
    });

export type UpdateUserValues = z.output<ReturnType<typeof updateUserForm>>;

export const toUpdateMeRequest = ({ newPassword, ...rest }: UpdateUserValues): UpdateMeRequest =>
  newPassword ? { ...rest, newPassword } : rest;
