import { SanctionsListImport, SanctionsListVersionList } from '../sanctions-lists.ts';
import { defineRoute, problems } from './define-route.ts';

/** The routes of sanctions-lists/routes.ts: the EU sanctions list, loaded by admin and compliance. */
export const sanctionsListsRoutes = {
  getBackofficeSanctionsLists: defineRoute({
    method: 'GET',
    path: '/api/backoffice/sanctions/lists',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Versions of the EU sanctions list, newest first (the first is in force)',
    response: { 200: SanctionsListVersionList, ...problems(401, 403) },
  }),
  postBackofficeSanctionsLists: defineRoute({
    method: 'POST',
    path: '/api/backoffice/sanctions/lists',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Load the EU consolidated sanctions list (XML, ≤ 100 MB): multipart/form-data with one `file`, or the raw file as application/xml. 201 with the new version; 200 with the version in force when the file is the same; 422 when it is malformed, and nothing changes',
    consumes: ['multipart/form-data', 'application/xml'],
    response: {
      200: SanctionsListImport,
      201: SanctionsListImport,
      ...problems(400, 401, 403, 413, 415, 422),
    },
  }),
} as const;
