/**
 * The marketing pages are complete HTML before their script runs (boot.ts), so a visitor on a slow
 * network can fill and send a form before it is interactive. The browser would then submit it by
 * itself: a GET with the message in the address, and the page reloaded empty. boot.ts holds such
 * a submission instead; the form sends it once it is interactive.
 */
const interactive = new WeakSet<HTMLFormElement>();
const held = new WeakSet<HTMLFormElement>();

/** The attribute by which a form asks for its early submission to be held. */
export const HOLD_EARLY_SUBMIT = { 'data-hold-early-submit': '' } as const;

/** Installed by boot.ts, before anything is interactive. */
export function holdEarlySubmits(doc: Document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-hold-early-submit')) return;
      if (interactive.has(form)) return;
      event.preventDefault();
      held.add(form);
    },
    true,
  );
}

/** The form is interactive (from its ref): its submissions are its own from now on. */
export function markInteractive(form: HTMLFormElement): void {
  interactive.add(form);
}

/** Whether the visitor sent the form before it was interactive (answered once). */
export function takeHeldSubmit(form: HTMLFormElement): boolean {
  const was = held.has(form);
  held.delete(form);
  return was;
}
