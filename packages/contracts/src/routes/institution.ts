import { PublicInstitution } from '../institution.ts';
import { defineRoute } from './define-route.ts';

/** The routes of institution/routes.ts. */
export const institutionRoutes = {
  getInstitution: defineRoute({
    method: 'GET',
    path: '/api/institution',
    auth: 'public',
    tags: ['institution'],
    summary: 'The institution’s public profile (name, address, identifiers)',
    response: { 200: PublicInstitution },
  }),
} as const;
