import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCatalogue, type ErrorCode } from './error-catalogue.ts';

export type { ErrorCode } from './error-catalogue.ts';

/** Stable machine codes of every error the API returns (RFC 9457 `code` extension), catalogue order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** The one HTTP status of each code: a problem with a given code always answers with this status. */
export type ErrorStatus<C extends ErrorCode = ErrorCode> = ErrorCatalogue[C]['status'];
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.status]),
) as { [C in ErrorCode]: ErrorStatus<C> };

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    instance: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    retryAfterSeconds: z.number().int().optional(),
    lockedUntil: z.string().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;
