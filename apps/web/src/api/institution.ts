import { useQuery } from '@tanstack/react-query';
import { institutionRoutes } from '@comptoir/contracts/client';
import { institution } from '../app/institution.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The institution's public profile: the JSON island of the page when there is one (no request),
 * else `GET /api/institution` (a page the server did not write, such as the Vite dev server's).
 */
export const useInstitution = () =>
  useQuery({
    queryKey: queryKeys.institution,
    queryFn: ({ signal }) => apiCall(institutionRoutes.getInstitution, { signal }),
    initialData: institution ?? undefined,
    staleTime: Infinity,
  });
