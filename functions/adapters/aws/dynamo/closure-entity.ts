import { z } from 'zod';
import type { ClosurePlan } from '../../../core/ports/account-data';
import { defineEntity } from './entity';
import { accountKeys } from './keys';

const planSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  schedules: z.array(z.string()),
  shareTokenHashes: z.array(z.string()),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  providerVoiceIds: z.array(z.string()).optional(),
  shareCopyPrefixes: z.array(z.string()).optional(),
  apiKeyIds: z.array(z.string()).optional(),
  startedAt: z.string(),
}) satisfies z.ZodType<ClosurePlan>;

/** A closure record left by a failure is kept this long for a retry. */
export const closureKeepSeconds = 30 * 24 * 3600;

/** A closure under way, outside the partition it deletes, so a retry still finds it. */
export const closureEntity = defineEntity<ClosurePlan>({
  type: 'AccountClosure',
  schema: planSchema,
  pk: { uses: ['userId'], build: (plan) => accountKeys.closure(plan.userId).pk },
  sk: { uses: [], build: () => accountKeys.closure('').sk },
  derived: { expiresAt: { uses: [], build: () => Math.floor(Date.now() / 1000) + closureKeepSeconds } },
});
