import useSWR from 'swr';

import { apiGet, apiPost } from '@/lib/api-client';
import type { PaidTier, PlansResponse, SessionUrlResponse, UpdateAfterCheckoutResponse } from '@contract/billing';

/** Available Plans' calls (Subscriptions). */
export const PLANS_KEY = '/api/metadata/subscription-tiers';

export function usePlans() {
  return useSWR<PlansResponse>(PLANS_KEY, () => apiGet<PlansResponse>(PLANS_KEY), { revalidateOnFocus: false });
}

export const createCheckoutSession = (body: { tier: PaidTier; successUrl: string; cancelUrl: string }) =>
  apiPost<SessionUrlResponse>('/api/subscriptions/create-session', { ...body });

export const createPortalSession = (returnUrl: string) => apiPost<Partial<SessionUrlResponse>>('/api/subscriptions/portal-session', { returnUrl });

export const updateAfterCheckout = (body: { tier: PaidTier; sessionId: string }) =>
  apiPost<UpdateAfterCheckoutResponse>('/api/subscriptions/update-after-checkout', { ...body });
