import { CONTACT_PATH } from '@comptoir/contracts/public-paths';
import { m, fill } from './strings.ts';

/** The contact form's fields, checked here in French before anything is sent. */
export interface ContactValues {
  name: string;
  company: string;
  email: string;
  message: string;
  consent: boolean;
  /** Honeypot: people never see it. */
  website: string;
}

export type ContactField = 'name' | 'company' | 'email' | 'message' | 'consent';
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Same limits and e-mail rule as the server's contract (`ContactRequest` in contracts/contact.ts). */
export const LIMITS = { name: 100, company: 120, message: 5000 } as const;
export const MIN_FILL_TIME_MS = 3000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  company: '',
  email: '',
  message: '',
  consent: false,
  website: '',
};

const e = m.contact.form.errors;
const tooLong = (max: number) => fill(e.tooLong, { max });

export function validateContact(v: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = v.name.trim();
  const company = v.company.trim();
  const email = v.email.trim();
  const message = v.message.trim();
  if (!name) errors.name = e.name;
  else if (name.length > LIMITS.name) errors.name = tooLong(LIMITS.name);
  if (!company) errors.company = e.company;
  else if (company.length > LIMITS.company) errors.company = tooLong(LIMITS.company);
  if (!email) errors.email = e.emailMissing;
  else if (!EMAIL.test(email) || email.length > 254) errors.email = e.emailInvalid;
  if (!message) errors.message = e.message;
  else if (message.length > LIMITS.message) errors.message = tooLong(LIMITS.message);
  if (!v.consent) errors.consent = e.consent;
  return errors;
}

/**
 * The values in the form's fields: what the visitor typed before the page became interactive is
 * in the page, not yet in React's state.
 */
export function readContactForm(form: HTMLFormElement): ContactValues {
  const text = (name: keyof ContactValues) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
  };
  const consent = form.elements.namedItem('consent');
  return {
    name: text('name'),
    company: text('company'),
    email: text('email'),
    message: text('message'),
    consent: consent instanceof HTMLInputElement && consent.checked,
    website: text('website'),
  };
}

export const FIELD_ORDER: readonly ContactField[] = ['name', 'company', 'email', 'message', 'consent'];

export type SendResult = { ok: true } | { ok: false; message: string };

/** `POST /api/contact` with the CSRF header every mutation needs (docs/product/api.md). */
export async function sendContact(v: ContactValues, fillTimeMs: number): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(CONTACT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'comptoir',
        accept: 'application/json',
      },
      body: JSON.stringify({
        name: v.name.trim(),
        company: v.company.trim(),
        email: v.email.trim(),
        message: v.message.trim(),
        consent: v.consent,
        website: v.website,
        fillTimeMs: Math.round(fillTimeMs),
      }),
    });
  } catch {
    return { ok: false, message: e.network };
  }
  if (response.ok) return { ok: true };
  try {
    const problem = (await response.json()) as { detail?: unknown };
    if (typeof problem.detail === 'string' && problem.detail) return { ok: false, message: problem.detail };
  } catch {
    // not problem JSON: fall through to the generic message
  }
  return { ok: false, message: e.generic };
}
