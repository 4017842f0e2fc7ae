import { QueryClient } from '@tanstack/react-query';

// Failed requests are already reported by the HTTP client; retrying them would report them again.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
