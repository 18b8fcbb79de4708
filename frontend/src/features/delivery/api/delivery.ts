import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { ApiError, apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import type { DeliverySettings, SaveDeliverySettings, ScheduledEmail, WebhookDelivery, WebhookTestResult } from '@contract/delivery';

/**
 * The Automations page's calls. Lists are read fresh when the
 * page opens (the app's cache never goes stale by itself), scheduled emails every minute, and
 * both lists again on a `deliveries` realtime message.
 */
export const SETTINGS_KEY = '/api/webhook-settings';
export const SCHEDULED_KEY = '/api/scheduled-emails';
export const DELIVERIES_KEY = '/api/webhook-deliveries';
export const SCHEDULED_REFRESH_MS = 60_000;

/** The card may also show the last webhook event that ran out of retries, when the server sends it. */
export type CardSettings = DeliverySettings;

/** GET /api/webhook-settings: null when none are saved yet (404). */
export async function getDeliverySettings(): Promise<CardSettings | null> {
  try {
    return await apiGet<CardSettings>(SETTINGS_KEY);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useDeliverySettings() {
  return useSWR<CardSettings | null>(SETTINGS_KEY, getDeliverySettings, { revalidateOnMount: true });
}

export const saveDeliverySettings = (body: SaveDeliverySettings) => apiPost<CardSettings>(SETTINGS_KEY, { ...body });

export const rotateWebhookSecret = () => apiPost<CardSettings>(`${SETTINGS_KEY}/rotate-secret`, {});

export const sendTestEmail = (automationEmail: string) => apiPost<{ message: string }>('/api/test-email', { automationEmail });

export const sendTestWebhook = (webhookUrl: string | undefined) => apiPost<WebhookTestResult>('/api/webhook-test-direct', webhookUrl ? { webhookUrl } : {});

export function useScheduledEmails() {
  return useSWR<ScheduledEmail[]>(SCHEDULED_KEY, () => apiGet<ScheduledEmail[]>(SCHEDULED_KEY), {
    revalidateOnMount: true,
    refreshInterval: SCHEDULED_REFRESH_MS,
  });
}

export const cancelScheduledEmail = (id: string) => apiDelete<ScheduledEmail>(`${SCHEDULED_KEY}/${encodeURIComponent(id)}`);

export function useWebhookDeliveries() {
  return useSWR<WebhookDelivery[]>(DELIVERIES_KEY, async () => (await apiGet<{ deliveries: WebhookDelivery[] }>(DELIVERIES_KEY)).deliveries, {
    revalidateOnMount: true,
  });
}

/** While the page is open: a `deliveries` message (an email sent, failed or cancelled; a webhook attempt) refetches both lists. */
export function useDeliveryUpdates() {
  const realtime = useRealtime();
  const { mutate } = useSWRConfig();
  useEffect(() => realtime.subscribe(['deliveries']), [realtime]);
  useEffect(
    () =>
      realtime.onMessage((message) => {
        if (message.type !== 'deliveries') return;
        void mutate(SCHEDULED_KEY);
        void mutate(DELIVERIES_KEY);
        void mutate(SETTINGS_KEY);
      }),
    [realtime, mutate],
  );
}
