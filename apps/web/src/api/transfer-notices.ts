/**
 * Which transfers' outcomes the screen already showed (the confirmation sheet, the form's rejection
 * message): their notification is kept in the list but not toasted again.
 */
const shown = new Set<string>();
let creating: Promise<unknown> = Promise.resolve();

/** The form is waiting for `request`: a status event that arrives meanwhile waits for its answer. */
export function trackCreation<T>(request: Promise<T>): Promise<T> {
  creating = request.catch(() => undefined);
  return request;
}

/** The customer saw this transfer's status on screen. */
export const markShown = (number: string): void => {
  shown.add(number);
};

/** Whether the screen already showed this transfer's status (after any creation under way). */
export async function wasShown(number: string): Promise<boolean> {
  await creating;
  return shown.has(number);
}
