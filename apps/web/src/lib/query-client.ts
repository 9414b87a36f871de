import { QueryClient } from '@tanstack/react-query';
import { toApiError } from './api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (bad request, unauthorised, not found) will not change by asking again.
        retry: (failureCount, error) => {
          const status = toApiError(error).status;
          return failureCount < 2 && (status === undefined || status >= 500);
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
