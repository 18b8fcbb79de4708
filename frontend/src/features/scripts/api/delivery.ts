import useSWR, { mutate as mutateGlobal } from 'swr';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import type { ScheduledEmail, SentEmail, ShareLink } from '@contract/delivery';

import { SCRIPTS_KEY } from './scripts';

/**
 * A script's delivery from its card (spec 000 §7 send-email / schedule-email; issue 12 share links). The
 * Automations page lists scheduled emails under `/api/scheduled-emails`: a new one refreshes that list
 * by its key (features do not import each other).
 */
const SCHEDULED_EMAILS_KEY = '/api/scheduled-emails';

const scriptPath = (id: string) => `${SCRIPTS_KEY}/${encodeURIComponent(id)}`;

/** POST send-email (no body): the video to the automation email, else the account's. */
export const sendVideoEmail = (scriptId: string) => apiPost<SentEmail>(`${scriptPath(scriptId)}/send-email`);

export async function scheduleVideoEmail(scriptId: string, scheduledAt: Date): Promise<ScheduledEmail> {
  const email = await apiPost<ScheduledEmail>(`${scriptPath(scriptId)}/schedule-email`, { scheduledAt: scheduledAt.toISOString() });
  void mutateGlobal(SCHEDULED_EMAILS_KEY);
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
