import useSWR, { mutate as mutateGlobal } from 'swr';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import type { ScheduledEmail, SentEmail, ShareLink } from '@contract/delivery';

import { SCHEDULED_KEY } from './delivery';

/**
 * One video's delivery, offered on its script card (send-email / schedule-email; share
 * links). A new scheduled email refreshes the Automations page's list of them.
 */
const scriptPath = (id: string) => `/api/scripts/${encodeURIComponent(id)}`;

/** POST send-email (no body): the video to the automation email, else the account's. */
export const sendVideoEmail = (scriptId: string) => apiPost<SentEmail>(`${scriptPath(scriptId)}/send-email`);

export async function scheduleVideoEmail(scriptId: string, scheduledAt: Date): Promise<ScheduledEmail> {
  const email = await apiPost<ScheduledEmail>(`${scriptPath(scriptId)}/schedule-email`, { scheduledAt: scheduledAt.toISOString() });
  void mutateGlobal(SCHEDULED_KEY);
  return email;
}

export const shareLinksKey = (scriptId: string) => `${scriptPath(scriptId)}/share-links`;

export function useShareLinks(scriptId: string) {
  return useSWR<ShareLink[]>(shareLinksKey(scriptId), async () => (await apiGet<{ shareLinks: ShareLink[] }>(shareLinksKey(scriptId))).shareLinks, {
    revalidateOnMount: true,
  });
}

export const createShareLink = (scriptId: string) => apiPost<ShareLink>(shareLinksKey(scriptId), {});

export const revokeShareLink = (id: string) => apiDelete<ShareLink>(`/api/share-links/${encodeURIComponent(id)}`);
