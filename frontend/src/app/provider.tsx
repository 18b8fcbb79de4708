import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';

import { system } from '@/app/theme';
import { GlobalLoadingOverlay } from '@/components/loading-overlay';
import { Toaster } from '@/components/ui/toaster';
import { swrFetcher } from '@/lib/api-client';
import { LoginWelcome } from '@/lib/auth';

/**
 * Data fetching defaults: GET on the key with credentials, JSON parsed; no
 * refetch interval, none on focus or reconnect, cached data is never stale, no retries. Lists are
 * refreshed explicitly (`mutate`) after updates and on realtime messages.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

/** The app's Chakra system (`theme.ts`: the brand palette), always light (index.html pins `class="light"` and `color-scheme`). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrConfig}>
        {children}
        <Toaster />
        <GlobalLoadingOverlay />
        <LoginWelcome />
      </SWRConfig>
    </ChakraProvider>
  );
}
