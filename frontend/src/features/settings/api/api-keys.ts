import useSWR from 'swr';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@contract/api-keys';

/** Settings → API keys: the list, creating (the key answered once) and revoking. */
export const API_KEYS_KEY = '/api/api-keys';

export function useApiKeys() {
  return useSWR<ApiKey[]>(API_KEYS_KEY, () => apiGet<ApiKey[]>(API_KEYS_KEY));
}

export const createApiKey = (request: CreateApiKeyRequest) => apiPost<CreatedApiKey>(API_KEYS_KEY, { ...request });

export const revokeApiKey = (id: string) => apiDelete<undefined>(`${API_KEYS_KEY}/${encodeURIComponent(id)}`);
