// Error codes thrown here: customer_not_found (and the not-found code each caller names).
import { isUuid } from '@comptoir/core';
import type { PlainErrorCode } from '@comptoir/contracts';
import { AppError } from '../errors.ts';

/**
 * An id from the path: anything but a UUID is simply not found (never a 500, never a 400 that
 * would tell a malformed id from an unknown one), lowercased as the database writes it.
 */
export function uuidOrNotFound(id: string, notFound: PlainErrorCode): string {
  if (!isUuid(id)) throw new AppError(notFound);
  return id.toLowerCase();
}

/** A customer's id from the path (the back office's routes under a customer). */
export const customerIdParam = (id: string): string => uuidOrNotFound(id, 'customer_not_found');
