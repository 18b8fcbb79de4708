import useSWR from 'swr';

import { ApiError, apiGet } from '@/lib/api-client';
import type { SharedVideo } from '@contract/delivery';

/** GET /api/share/{token} (public, no session): the video a share link shows; 404 when it expired, was revoked or never existed. */
export const sharedVideoKey = (token: string) => `/api/share/${encodeURIComponent(token)}`;

export function useSharedVideo(token: string | undefined) {
  return useSWR<SharedVideo, unknown>(token ? sharedVideoKey(token) : null, (key: string) => apiGet<SharedVideo>(key), { revalidateOnMount: true });
}

/** True when the server says the link is gone (expired, revoked, unknown). */
export const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);
