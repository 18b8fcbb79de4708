import { z } from 'zod';

/**
 * Every setting the functions read, parsed once at start-up. A missing or malformed variable fails
 * fast with a message that names it. Endpoints are optional: unset means the real AWS service.
 */
const optionalUrl = z.string().url().optional();

export const configSchema = z.object({
  STAGE: z.enum(['local', 'test', 'cloud']).default('cloud'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** The site's public origin (https://example.com). In the cloud it may instead be read from SSM. */
  APP_ORIGIN: z.string().url().optional(),
  /** Name of the SSM parameter that holds the origin when it is only known after deploy (CloudFront's domain). */
  APP_ORIGIN_PARAMETER: z.string().min(1).optional(),
  TABLE_NAME: z.string().min(1),
  MEDIA_BUCKET: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  COGNITO_ENDPOINT: optionalUrl,
  /** API Gateway management endpoint for WebSocket pushes (https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
  WS_MANAGEMENT_ENDPOINT: z.string().url(),
  /** The audio-then-video state machine (the stack sets it; the local stack runs its own). */
  STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** The automation state machine: what a firing and Test Workflow start. */
  AUTOMATION_STATE_MACHINE_ARN: z.string().min(1).optional(),
  SFN_ENDPOINT: optionalUrl,
  /** The webhook attempts' SQS queue and its dead-letter queue (the stack sets them; unset locally: an in-process queue). */
  WEBHOOK_QUEUE_URL: optionalUrl,
  WEBHOOK_DLQ_URL: optionalUrl,
  /** The publications' SQS queue (the stack sets it; unset locally: an in-process queue). */
  PUBLICATION_QUEUE_URL: optionalUrl,
  /** The first retry's wait after a platform's transient failure (doubled per attempt; tests and the bench shorten it). */
  PUBLISH_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
  /** EventBridge Scheduler (the stack sets them; unset locally: the in-process scheduler). */
  SCHEDULE_GROUP: z.string().min(1).optional(),
  /** The jobs function: every schedule's target, and where completions are handed (asynchronous invoke). */
  SCHEDULE_TARGET_ARN: z.string().min(1).optional(),
  /** The clip-proxy job's function: where clips kept without a proxy copy are handed (asynchronous invoke; unset locally: in process). */
  CLIP_PROXY_FUNCTION_ARN: z.string().min(1).optional(),
  /**
   * The most pixel-frames (width x height x fps x seconds) an upload copies to a proxy within its request;
   * larger clips are copied by the background job. Default 20 s of 1080p30; tests lower it.
   */
  UPLOAD_PROXY_MAX_PIXEL_FRAMES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1920 * 1080 * 30 * 20)
    .optional(),
  SCHEDULE_ROLE_ARN: z.string().min(1).optional(),
  SCHEDULE_DLQ_ARN: z.string().min(1).optional(),
  /** Locally: where the in-process scheduler keeps its schedules across restarts (unset: memory only). */
  SCHEDULER_STATE_FILE: z.string().min(1).optional(),
  /** The SES v2 configuration set every mail is sent with (bounces and complaints come back through it). */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24 * 7),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 30),
  /** How long a process trusts a session it read without reading it again (0: read on every call); also how late a sign-out may be seen by another process. */
  SESSION_RECALL_MS: z.coerce.number().int().min(0).max(5000).default(1000),
  MAIL_MODE: z.enum(['ses', 'outbox']).default('ses'),
  MAIL_FROM: z.string().min(3).default('Reelsmith <no-reply@reelsmith.local>'),
  OUTBOX_DIR: z.string().optional(),
  /** The script writer: OpenAI when a key is set, the offline writer otherwise. A secret: never logged. */
  OPENAI_API_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** Another OpenAI-compatible endpoint (tests point it at a local fake). */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Structured outputs (json_schema): 'auto' tries them and falls back to JSON mode when the server refuses; 'false' for a server that ignores them. */
  OPENAI_STRUCTURED_OUTPUTS: z.enum(['auto', 'true', 'false']).default('auto'),
  /** In the cloud: the SecureString parameter holding the key, read once per cold start (absent: offline writer). */
  OPENAI_API_KEY_PARAMETER: z.string().min(1).optional(),
  /** The voice: ElevenLabs when a key is set, eSpeak NG offline otherwise. A secret: never logged. */
  ELEVENLABS_API_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** Another ElevenLabs-compatible endpoint (tests point it at a local fake). */
  ELEVENLABS_BASE_URL: optionalUrl,
  /** In the cloud: the SecureString parameter holding the ElevenLabs key, read on first use (absent: eSpeak). */
  ELEVENLABS_API_KEY_PARAMETER: z.string().min(1).optional(),
  /** Stock footage: Pexels' video search when a key is set, generated backgrounds otherwise. A secret: never logged. */
  PEXELS_API_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** In the cloud: the SSM SecureString holding the Pexels key, read on first use (absent: generated backgrounds). */
  PEXELS_API_KEY_PARAMETER: z.string().min(1).optional(),
  /** Another Pexels-compatible API (tests point it at a local fake); file links on its origin are fetched too. */
  PEXELS_BASE_URL: optionalUrl,
  /** Billing: Stripe's secret key and webhook signing secret. Secrets: never logged. */
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** The price of each paid tier (price_…). */
  STRIPE_PRICE_BASIC: z.string().min(1).max(255).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).max(255).optional(),
  /** Another Stripe-compatible API (the local emulator): its origin, for the SDK's host/port/protocol. */
  STRIPE_API_BASE: optionalUrl,
  /** In the cloud: the SSM parameters holding the key and webhook secret (SecureString) and the prices, read on first use. */
  STRIPE_SECRET_KEY_PARAMETER: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET_PARAMETER: z.string().min(1).optional(),
  STRIPE_PRICE_BASIC_PARAMETER: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_PARAMETER: z.string().min(1).optional(),
  /**
   * Connected accounts: each platform's OAuth client (env locally; in the cloud the SSM
   * parameters under PUBLISHING_PARAMETER_PREFIX). Secrets: never logged. A platform without both is
   * "not available" (503).
   */
  TIKTOK_CLIENT_KEY: z.string().trim().min(1).max(255).optional(),
  TIKTOK_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  YOUTUBE_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  YOUTUBE_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  INSTAGRAM_APP_ID: z.string().trim().min(1).max(255).optional(),
  INSTAGRAM_APP_SECRET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** Another origin for every host of a platform (the local sandbox); unset: the platform itself. */
  TIKTOK_BASE_URL: optionalUrl,
  YOUTUBE_BASE_URL: optionalUrl,
  INSTAGRAM_BASE_URL: optionalUrl,
  /** In the cloud: `/reelsmith/<stack>/publishing`, holding tiktok-client-key, tiktok-client-secret, youtube-client-id, youtube-client-secret, instagram-app-id, instagram-app-secret. */
  PUBLISHING_PARAMETER_PREFIX: z.string().min(1).optional(),
  /** The KMS key platform tokens are sealed under (the stack's key; cloud). */
  TOKEN_KMS_KEY_ID: z.string().min(1).optional(),
  /** Locally: the 32-byte key file platform tokens are sealed with (`.data/publishing-token.key`). */
  TOKEN_KEY_FILE: z.string().min(1).optional(),
  /** The length a parallel render's chunks aim at; 0 renders every video in one piece. */
  RENDER_CHUNK_SECONDS: z.coerce.number().min(0).max(600).default(5),
  /** At most this many chunks (longer ones instead); the local stack sets the machine's cores. */
  RENDER_MAX_CHUNKS: z.coerce.number().int().min(2).max(40).default(40),
  /**
   * Draft renders: every video drawn at the preview's 360x640 and encoded for speed. For a slow machine
   * with `npm start`, and the browser tests (whose journeys are about the screens; the integration tests
   * check the full-size video). Never set in the cloud.
   */
  RENDER_DRAFT: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type AppConfig = z.infer<typeof configSchema>;

const refinedSchema = configSchema.refine((c) => c.APP_ORIGIN !== undefined || c.APP_ORIGIN_PARAMETER !== undefined, {
  message: 'APP_ORIGIN or APP_ORIGIN_PARAMETER must be set',
  path: ['APP_ORIGIN'],
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = refinedSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return env[key] === undefined ? `${key} is missing` : `${key}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}

let cached: AppConfig | undefined;

/** The configuration of this process, read from the environment on first use. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For the local runtime and tests, which set the environment before handlers run. */
export function resetConfigCache(): void {
  cached = undefined;
}
