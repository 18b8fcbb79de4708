import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { ApiError, apiDelete, apiPatch, apiPost } from '@/lib/api-client';
import { USER_KEY } from '@/lib/auth';
import type { LogoSettings, LogoState, PublicUser } from '@contract/users';

/** The logo overlay's calls (Logo). Each answers the user's logo fields. */
export function uploadLogo(file: File): Promise<LogoState> {
  const form = new FormData();
  form.append('logo', file, file.name);
  return apiPost<LogoState>('/api/user/logo', form);
}

export const updateLogoSettings = (logoSettings: Partial<LogoSettings>) => apiPatch<LogoState>('/api/user/logo-settings', { logoSettings });

export const removeLogo = () => apiDelete<LogoState>('/api/user/logo');

/** Writes an answer's logo fields into the cached current user (no refetch). */
export function useApplyLogoState() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (state: LogoState) =>
      mutate<PublicUser | null>(USER_KEY, (user) => (user ? { ...user, logoUrl: state.logoUrl, logoSettings: state.logoSettings } : user), {
        revalidate: false,
      }),
    [mutate],
  );
}

/** The server's message for a refused call (a 4xx), else nothing: the toast then shows only the product's (docs/product.md#logo) title. */
export function refusalText(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
}
