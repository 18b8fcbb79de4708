import { z } from 'zod';
import { billingBounds, billingMessages, paidTiers } from './rules/billing';
import { tiers, type Tier } from './users';

export { billingMessages, checkoutUrls, isPaidTier, paidTiers, readCheckoutReturn, type CheckoutReturn, type PaidTier } from './rules/billing';

/**
 * Subscriptions. Every route but the webhook is `auth: 'session'`.
 *
 * - `POST /api/subscriptions/create-session` `CreateCheckoutRequest` → `{ url }` (Stripe Checkout, or the
 *   local test checkout). 400 tier not basic/pro or a URL not on this site; 409 when a subscription is
 *   already live (change it in the portal).
 * - `POST /api/subscriptions/portal-session` `PortalRequest` → `{ url }`; 404 without a subscription.
 * - `POST /api/subscriptions/update-after-checkout` `UpdateAfterCheckoutRequest` → `UpdateAfterCheckoutResponse`;
 *   the tier applied is what Stripe says, never the body's; 404 a session that is not the caller's.
 * - `POST /api/stripe/webhook` (Stripe, signed; no session, no CSRF) → `{ received: true }`; 400 bad signature.
 */
const tierField = z.enum(paidTiers, { message: billingMessages.invalidTier });
const urlField = z.string().trim().min(1).max(billingBounds.urlMax).url();

export const createCheckoutSchema = z.object({
  tier: tierField,
  successUrl: urlField,
  cancelUrl: urlField,
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutSchema>;

export const portalSchema = z.object({ returnUrl: urlField });
export type PortalRequest = z.infer<typeof portalSchema>;

export const updateAfterCheckoutSchema = z.object({
  tier: tierField,
  sessionId: z
    .string()
    .trim()
    .min(1)
    .max(billingBounds.sessionIdMax)
    .regex(/^[A-Za-z0-9_]+$/, 'sessionId: invalid'),
});
export type UpdateAfterCheckoutRequest = z.infer<typeof updateAfterCheckoutSchema>;

export interface SessionUrlResponse {
  url: string;
}

export interface UpdateAfterCheckoutResponse {
  success: boolean;
  message: string;
  /** The plan now in force, as Stripe says. */
  tier: Tier;
  subscriptionStatus: string;
}

/** One row of GET /api/metadata/subscription-tiers (the plan table the server enforces; core/plans/tiers.ts). */
export interface PlanInfo {
  tier: Tier;
  name: string;
  /** US dollars per month; 0 for free. */
  priceUsd: number;
  billing: 'free' | 'monthly';
  storageMB: number;
  videoMinutes: number;
  /** True when the video minutes are a one-time allowance (free) rather than per period. */
  videoMinutesOneTime: boolean;
  scriptTokens: number;
  audioMinutes: number;
  audioMinutesOneTime: boolean;
  voiceCloneLimit: number;
  /** Platform accounts that may be connected for posting. */
  connectedAccountLimit: number;
  /** API keys that may exist at once, and the calls a minute each may make. */
  apiKeyLimit: number;
  apiCallsPerMinute: number;
  watermark: boolean;
  /** Days after which the script tokens start again (basic and pro); null when they are one-time (free). */
  scriptTokenResetDays: number | null;
}

export interface PlansResponse {
  tiers: PlanInfo[];
}

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const sessionUrlSchema: z.ZodType<SessionUrlResponse> = z.object({ url: z.string() });
export const updateAfterCheckoutResponseSchema: z.ZodType<UpdateAfterCheckoutResponse> = z.object({
  success: z.boolean(),
  message: z.string(),
  tier: z.enum(tiers),
  subscriptionStatus: z.string(),
});
export const planInfoSchema: z.ZodType<PlanInfo> = z.object({
  tier: z.enum(tiers),
  name: z.string(),
  priceUsd: z.number(),
  billing: z.enum(['free', 'monthly']),
  storageMB: z.number(),
  videoMinutes: z.number(),
  videoMinutesOneTime: z.boolean(),
  scriptTokens: z.number(),
  audioMinutes: z.number(),
  audioMinutesOneTime: z.boolean(),
  voiceCloneLimit: z.number(),
  connectedAccountLimit: z.number(),
  apiKeyLimit: z.number(),
  apiCallsPerMinute: z.number(),
  watermark: z.boolean(),
  scriptTokenResetDays: z.number().nullable(),
});
export const plansResponseSchema: z.ZodType<PlansResponse> = z.object({ tiers: z.array(planInfoSchema) });
/** `POST /api/stripe/webhook`: received (Stripe reads only the status). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
