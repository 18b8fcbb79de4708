import useSWR from 'swr';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import type { ConnectedAccount, ConnectResponse, PublishingPlatform } from '@contract/publishing';

/** Connected accounts' calls. */
export const CONNECTED_ACCOUNTS_KEY = '/api/publishing/accounts';

export function useConnectedAccounts() {
  return useSWR<ConnectedAccount[]>(CONNECTED_ACCOUNTS_KEY, () => apiGet<ConnectedAccount[]>(CONNECTED_ACCOUNTS_KEY));
}

/** The platform's authorize URL; the browser goes there and comes back to /settings?publishing=… */
export const startConnect = (platform: PublishingPlatform) =>
  apiPost<ConnectResponse>(`/api/publishing/accounts/${platform}/connect`, { returnUrl: '/settings' });

export const disconnectAccount = (id: string) => apiDelete<undefined>(`/api/publishing/accounts/${encodeURIComponent(id)}`);
