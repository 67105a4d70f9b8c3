import type { z } from 'zod';

/**
 * Parse options for `zodResolver` that turn zod's generic issues into one French message.
 * Messages written in the contract schemas (e.g. the e-mail format) still win.
 */
export const frenchIssues = (message: string): { error: z.core.$ZodErrorMap } => ({
  error: () => message,
});
