import { z } from 'zod';
import type { GenerationStatus } from './scripts';
import type { Tier } from './users';

/**
 * The realtime protocol of the product (docs/product.md#realtime).
 * Client → server: authenticate (with a single-use ticket from GET /api/ws-ticket), subscribe, unsubscribe.
 */
export const subscriptionTypes = [
  'scripts',
  'media',
  'script-update',
  'token-usage',
  'video-usage',
  'deliveries',
  'workflows',
  'plan',
  'publications',
] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

export const clientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('authenticate'), token: z.string().min(1).max(256) }),
  z.object({ action: z.literal('subscribe'), types: z.array(z.enum(subscriptionTypes)).min(1).max(subscriptionTypes.length) }),
  z.object({ action: z.literal('unsubscribe'), types: z.array(z.enum(subscriptionTypes)).min(1).max(subscriptionTypes.length) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** The steps of a video run, as `script-update` messages name them (docs/pipeline-contract.md, "Realtime"). */
export type PipelineStage = 'audio' | 'planning' | 'rendering' | 'finalizing';

/** Something about the user's scripts changed (made, edited, deleted, generated): lists refetch. */
export interface ScriptsMessage {
  type: 'scripts';
  scriptId?: string;
  userId?: string;
}

/** The media library changed. */
export interface MediaMessage {
  type: 'media';
  userId?: string;
}

/** One script's voice-over or video: a status, a render's progress, or the finished video. */
export interface ScriptUpdateMessage {
  type: 'script-update';
  scriptId: string;
  userId?: string;
  audioGenerationStatus?: GenerationStatus;
  videoGenerationStatus?: GenerationStatus;
  /** Why a generation failed. */
  message?: string;
  stage?: PipelineStage;
  /** 0–100. */
  progress?: number;
  hasNewVideo?: boolean;
  videoUrl?: string;
  thumbnailUrl?: string | null;
}

/** What the plan's meters were charged: script tokens, video minutes. */
export interface UsageMessage {
  type: 'token-usage' | 'video-usage';
  amount: number;
  userId?: string;
}

/** A scheduled email or a webhook delivery changed (sent, failed, cancelled): the Automations page refetches. */
export interface DeliveriesMessage {
  type: 'deliveries';
  userId?: string;
}

/** A template or an automation schedule changed, or a schedule's run moved on (running, completed, failed): the Workflows page refetches. */
export interface WorkflowsMessage {
  type: 'workflows';
  userId?: string;
  scheduleId?: string;
}

/** The user's plan changed as Stripe says: the Settings page refetches the user and the stats. */
export interface PlanMessage {
  type: 'plan';
  userId?: string;
  tier: Tier;
  subscriptionStatus: string;
}

/**
 * One publication moved on: queued, uploading with its percent, processing at the platform,
 * published with the post's link, failed with the platform's reason, cancelled. The card updates in place.
 */
export interface PublicationsMessage {
  type: 'publications';
  userId?: string;
  publicationId: string;
  scriptId: string;
  accountId: string;
  platform: 'tiktok' | 'youtube' | 'instagram';
  status: 'scheduled' | 'queued' | 'uploading' | 'processing' | 'published' | 'failed' | 'cancelled';
  progress?: number;
  postUrl?: string;
  error?: string;
}

/** What the product pushes to a user (`type` decides which subscriptions receive it). */
export type PublishedMessage =
  ScriptsMessage | MediaMessage | ScriptUpdateMessage | UsageMessage | DeliveriesMessage | WorkflowsMessage | PlanMessage | PublicationsMessage;

/** The protocol's own answers on one connection. */
export type ProtocolMessage =
  | { type: 'auth_success'; userId: string }
  | { type: 'auth_error'; message: string }
  | { type: 'error'; message: string }
  | { type: 'subscription'; subscribed: string[]; message: 'subscribed' | 'unsubscribed' };

/** Server → client: one union, discriminated by `type`. */
export type ServerMessage = ProtocolMessage | PublishedMessage;
