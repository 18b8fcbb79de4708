import { useEffect } from 'react';
import useSWR from 'swr';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import type { ConnectedAccount, Publication, PublishCheckResponse, PublishRequest, PublishResponse } from '@contract/publishing';

import { applyPublicationMessage, pollIntervalFor } from '../lib/posting';

/** Posting a finished video: the calls; what they send and answer is the contract's. */
export const ACCOUNTS_KEY = '/api/publishing/accounts';
export const publicationsKey = (scriptId: string) => `/api/publications?scriptId=${encodeURIComponent(scriptId)}`;

/** The caller's connected accounts (the same list Settings shows; SWR shares the key). */
export function usePostingAccounts(enabled: boolean) {
  return useSWR<ConnectedAccount[]>(enabled ? ACCOUNTS_KEY : null, () => apiGet<ConnectedAccount[]>(ACCOUNTS_KEY));
}

/** All the caller's publications, newest first (the creator's last privacy choices). */
export function useAllPublications(enabled: boolean) {
  return useSWR<Publication[]>(enabled ? '/api/publications' : null, (path: string) => apiGet<Publication[]>(path), {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

export const checkPublish = (scriptId: string, request: PublishRequest) =>
  apiPost<PublishCheckResponse>(`/api/scripts/${encodeURIComponent(scriptId)}/publish/check`, { ...request });

export const publishVideo = (scriptId: string, request: PublishRequest) =>
  apiPost<PublishResponse>(`/api/scripts/${encodeURIComponent(scriptId)}/publish`, { ...request });

export const cancelPublication = (id: string) => apiDelete<undefined>(`/api/publications/${encodeURIComponent(id)}`);

/**
 * A script's publications, newest first, live: a `publications` message on the socket updates the one it
 * names at once (an upload's percent, the post's link); while any
 * is not final the list is also polled every few seconds, so a lost message or a closed socket never
 * leaves the card stale.
 */
export function usePublications(scriptId: string, enabled: boolean) {
  const key = enabled ? publicationsKey(scriptId) : null;
  const result = useSWR<Publication[]>(key, (path: string) => apiGet<Publication[]>(path), {
    refreshInterval: (latest) => pollIntervalFor(latest ?? []),
  });
  const { mutate } = result;
  const realtime = useRealtime();
  useEffect(() => (enabled ? realtime.subscribe(['publications']) : undefined), [enabled, realtime]);
  useEffect(
    () =>
      enabled
        ? realtime.onMessage((message) => {
            if (message.type !== 'publications' || message.scriptId !== scriptId) return;
            // The message carries the publication's new state: the card's copy takes it at once; one the card
            // has not seen yet (posted from another tab) refetches the list.
            void mutate((current) => (current ? applyPublicationMessage(current, message) : current), { revalidate: false }).then((list) => {
              if (list && !list.some((publication) => publication.id === message.publicationId)) void mutate();
            });
          })
        : undefined,
    [enabled, realtime, scriptId, mutate],
  );
  return result;
}
