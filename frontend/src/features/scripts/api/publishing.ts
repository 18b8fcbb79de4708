import { useEffect } from 'react';
import useSWR from 'swr';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import type { ConnectedAccount, Publication, PublishCheckResponse, PublishRequest, PublishResponse } from '@contract/publishing';

import { pollIntervalFor, upsertPublication } from '../lib/posting';

/** Posting a finished video (issue 26): the calls; what they send and answer is the contract's. */
export const ACCOUNTS_KEY = '/api/publishing/accounts';
export const publicationsKey = (scriptId: string) => `/api/publications?scriptId=${encodeURIComponent(scriptId)}`;

/** The caller's connected accounts (the same list Settings shows; SWR shares the key). */
export function usePostingAccounts(enabled: boolean) {
  return useSWR<ConnectedAccount[]>(enabled ? ACCOUNTS_KEY : null, () => apiGet<ConnectedAccount[]>(ACCOUNTS_KEY));
}

export const checkPublish = (scriptId: string, request: PublishRequest) =>
  apiPost<PublishCheckResponse>(`/api/scripts/${encodeURIComponent(scriptId)}/publish/check`, { ...request });

export const publishVideo = (scriptId: string, request: PublishRequest) => apiPost<PublishResponse>(`/api/scripts/${encodeURIComponent(scriptId)}/publish`, { ...request });

export const cancelPublication = (id: string) => apiDelete<undefined>(`/api/publications/${encodeURIComponent(id)}`);

/**
 * A script's publications, newest first, live: a `publication` message on the socket puts the one it
 * carries in the list at once (an upload's percent, the post's link); while any
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
  useEffect(() => (enabled ? realtime.subscribe(['publication']) : undefined), [enabled, realtime]);
  useEffect(
    () =>
      enabled
        ? realtime.onMessage((message) => {
            if (message.type !== 'publication' || message.publication.scriptId !== scriptId) return;
            // The message carries the whole publication: it replaces (or adds) the card's copy, no refetch.
            void mutate((current) => (current ? upsertPublication(current, message.publication) : current), { revalidate: false });
          })
        : undefined,
    [enabled, realtime, scriptId, mutate],
  );
  return result;
}
