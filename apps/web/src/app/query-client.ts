import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';

/** Client errors (4xx) are answers, not hiccups: retry only network and server failures, once. */
const retry = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
