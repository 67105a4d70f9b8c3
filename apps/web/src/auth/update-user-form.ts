import { z } from 'zod';
import {
  Email,
  PhoneE164,
  PostalAddress,
  PROFILE_MESSAGES,
  type UpdateProfileRequest,
} from '@comptoir/contracts';
import { passwordWeakness } from '@comptoir/core';

/**
 * /update-user: e-mail and current password required (the names are the verified identity: they
 * change only through an identity change request from /profil); new password optional but
 * strong; téléphone (E.164) and the postal address (all three fields) checked like onboarding's —
 * required once the customer has them, optional for a customer who never gave them.
 */
export const updateUserForm = (
  required: string,
  has: { phone: boolean; address: boolean },
  names: readonly string[] = [],
) =>
  z
    .object({
      email: z.string().trim().min(1, required).pipe(Email),
      phone: z.string().max(40),
      address: z.string().max(200),
      postalCode: z.string().max(20),
      city: z.string().max(100),
      newPassword: z.string().max(256),
      currentPassword: z.string().min(1, required).max(256),
    })
    .superRefine((form, ctx) => {
      const { newPassword, email } = form;
      if (form.phone.trim() || has.phone) {
        const phone = PhoneE164.safeParse(form.phone);
        if (!phone.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['phone'],
            message: phone.error.issues[0]?.message ?? required,
          });
        }
      }
      const parts = [form.address, form.postalCode, form.city].map((part) => part.trim());
      if (parts.some(Boolean) || has.address) {
        const address = PostalAddress.safeParse(form);
        for (const issue of address.success ? [] : address.error.issues) {
          ctx.addIssue({ code: 'custom', path: issue.path, message: PROFILE_MESSAGES.addressIncomplete });
        }
      }
      if (!newPassword) return;
      const weakness = passwordWeakness(newPassword, [...names, email.split('@')[0] ?? '']);
      if (weakness) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: weakness });
    });

export type UpdateUserValues = z.output<ReturnType<typeof updateUserForm>>;

/** The PATCH body: the phone and the address only when filled in (left out, they stay as they are). */
export function toUpdateMeRequest(values: UpdateUserValues): UpdateProfileRequest {
  const { newPassword, phone, address, postalCode, city, ...rest } = values;
  const body: UpdateProfileRequest = { ...rest };
  if (newPassword) body.newPassword = newPassword;
  if (phone.trim()) body.phone = PhoneE164.parse(phone);
  if (address.trim() && postalCode.trim() && city.trim()) {
    Object.assign(body, { address: address.trim(), postalCode: postalCode.trim(), city: city.trim() });
  }
  return body;
}
