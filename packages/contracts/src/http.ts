// Request headers of the API: plain constants, no schema (a client's first load carries no zod).

/** Header every mutating request must carry (CSRF defence, docs/product/api.md). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'comptoir';

/** Header carrying the single-use SCA token on a protected call. */
export const SCA_TOKEN_HEADER = 'x-sca-token';
