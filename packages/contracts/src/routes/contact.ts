import { ContactReceipt, ContactRequest } from '../contact.ts';
import { Problem } from '../problem.ts';
import { CONTACT_PATH } from './public-paths.ts';
import { defineRoute } from './define-route.ts';

/** The routes of contact/routes.ts. */
export const contactRoutes = {
  postContact: defineRoute({
    method: 'POST',
    path: CONTACT_PATH,
    auth: 'public',
    tags: ['contact'],
    summary: 'Send a message through the contact form (stored; acknowledged by e-mail)',
    body: ContactRequest,
    response: { 201: ContactReceipt, 400: Problem, 429: Problem },
  }),
} as const;
