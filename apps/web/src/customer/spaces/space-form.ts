import { z } from 'zod';
import {
  SPACE_GOAL_MAX,
  SPACE_GOAL_MIN,
  SPACE_MOVE_MAX,
  SPACE_NAME_MAX,
  type CreateSpaceRequest,
  type UpdateSpaceRequest,
} from '@comptoir/contracts';
import { parseEuros, toJsonCents, type Cents } from '@comptoir/core';

/** What the customer typed in « Créer un Espace » / « Modifier »: texts, parsed on submit. */
export interface SpaceFormValues {
  name: string;
  /** Euros as typed (« 500 », « 1 250,50 »), or empty for no goal. */
  goal: string;
}

/** The goal typed, in cents: null when empty, undefined when it is not a valid goal. */
export function parseGoal(text: string): Cents | null | undefined {
  if (text.trim() === '') return null;
  const amount = parseEuros(text);
  if (amount === null || amount < BigInt(SPACE_GOAL_MIN) || amount > BigInt(SPACE_GOAL_MAX)) return undefined;
  return amount;
}

/** The form's rules, the contract's (name 1–40 characters once trimmed, goal 1 € … 1,000,000 €). */
export const spaceForm = (messages: { nameInvalid: string; goalInvalid: string }) =>
  z.object({
    name: z.string().trim().min(1, messages.nameInvalid).max(SPACE_NAME_MAX, messages.nameInvalid),
    goal: z.string().refine((text) => parseGoal(text) !== undefined, messages.goalInvalid),
  });

export function toCreateRequest(values: SpaceFormValues): CreateSpaceRequest {
  const goal = parseGoal(values.goal);
  return { name: values.name.trim(), ...(goal ? { goal: toJsonCents(goal) } : {}) };
}

export function toUpdateRequest(values: SpaceFormValues): UpdateSpaceRequest {
  const goal = parseGoal(values.goal);
  return { name: values.name.trim(), goal: goal ? toJsonCents(goal) : null };
}

/** A goal in cents as the field shows it for editing: « 500 » or « 1250,50 ». */
export function goalText(goal: number | null): string {
  if (goal === null) return '';
  const euros = Math.trunc(goal / 100);
  const rest = goal % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
}

/** The amount of a move typed in euros, or null when it is not one (zero, negative, too many decimals). */
export function parseMoveAmount(text: string): Cents | null {
  const amount = parseEuros(text);
  if (amount === null || amount <= 0n || amount > BigInt(SPACE_MOVE_MAX)) return null;
  return amount;
}
