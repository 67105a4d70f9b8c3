// The limits of « Espaces » (docs/product/accounts-and-spaces.md#espaces), without their schemas.

/** At most this many open Espaces per customer. */
export const SPACES_MAX = 10;
export const SPACE_NAME_MAX = 40;
/** A goal is between 1 € and 1,000,000 € (integer cents). */
export const SPACE_GOAL_MIN = 100;
export const SPACE_GOAL_MAX = 100_000_000;
/** A move is between 0.01 € and 1,000,000 €. */
export const SPACE_MOVE_MAX = 100_000_000;
