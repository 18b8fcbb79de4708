import { paymentFailedMail } from '../core/delivery/mails';
import { limitsOf } from '../core/plans/tiers';
import { mailerOf } from './runtime/mail';
import { DynamoBillingStore } from '../adapters/aws/dynamo/billing-store';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { StripeBilling, type StripeSettings } from '../adapters/providers/stripe-billing';
import { BillingService } from '../core/billing/billing-service';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { appOriginOf, bearerAuthOf, realtimeOf, sessionsOf, usersOf } from './shared';

/** Plans through Stripe (Subscriptions). */
export interface BillingDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  billing: BillingService;
}

type StripeConfig = Partial<
  Pick<
    AppConfig,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_PRICE_BASIC'
    | 'STRIPE_PRICE_PRO'
    | 'STRIPE_API_BASE'
    | 'STRIPE_SECRET_KEY_PARAMETER'
    | 'STRIPE_WEBHOOK_SECRET_PARAMETER'
    | 'STRIPE_PRICE_BASIC_PARAMETER'
    | 'STRIPE_PRICE_PRO_PARAMETER'
  >
>;

/** The SDK's host/port/protocol for another Stripe-compatible API (the local emulator). */
export function stripeApiOf(base: string | undefined): StripeSettings['api'] {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

/**
 * Stripe's settings: from the environment when STRIPE_SECRET_KEY is set (`npm start` sets the local
 * emulator's), else from the SSM parameters the stack names (read on first use). Anything missing
 * means billing is unavailable (503), never a guess.
 */
export function stripeSettingsOf(
  config: StripeConfig,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
  options: { webhook?: boolean } = {},
): () => Promise<StripeSettings | undefined> {
  // Closing an account calls Stripe but never receives its events: it reads no webhook secret.
  const needsWebhook = options.webhook ?? true;
  const read = (name: string | undefined) => (name ? readSecret(name) : Promise.resolve(undefined));
  return async () => {
    const [secretKey, webhookSecret, basic, pro] = config.STRIPE_SECRET_KEY
      ? [config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_PRICE_BASIC, config.STRIPE_PRICE_PRO]
      : await Promise.all([
          read(config.STRIPE_SECRET_KEY_PARAMETER),
          needsWebhook ? read(config.STRIPE_WEBHOOK_SECRET_PARAMETER) : Promise.resolve(''),
          config.STRIPE_PRICE_BASIC ?? read(config.STRIPE_PRICE_BASIC_PARAMETER),
          config.STRIPE_PRICE_PRO ?? read(config.STRIPE_PRICE_PRO_PARAMETER),
        ]);
    if (!secretKey || (needsWebhook && !webhookSecret) || !basic || !pro) return undefined;
    return {
      secretKey,
      webhookSecret: webhookSecret ?? '',
      prices: { basic, pro },
      api: stripeApiOf(config.STRIPE_API_BASE),
    };
  };
}

export function composeBilling(context: EntryContext): BillingDeps {
  const { config } = context;
  if (config.STRIPE_SECRET_KEY_PARAMETER) need(context, { kind: 'secret', name: 'stripe' });
  if (config.STRIPE_WEBHOOK_SECRET_PARAMETER) need(context, { kind: 'secret', name: 'stripe-webhook' });
  const sessions = sessionsOf(context);
  const mailer = mailerOf(context);
  const origin = appOriginOf(context);
  return {
    sessions,
    apiKeys: bearerAuthOf(context),
    billing: new BillingService({
      provider: new StripeBilling(stripeSettingsOf(config)),
      store: new DynamoBillingStore(tableOf(context, 'read-write')),
      users: usersOf(context, 'read'),
      realtime: realtimeOf(context, sessions),
      origin,
      mailPaymentFailed: async (user) => {
        await mailer.send(
          await paymentFailedMail({ to: user.email, planName: limitsOf(user.subscriptionTier).name, settingsUrl: `${await origin()}/settings` }),
        );
      },
      log: logger.createChild({ persistentKeys: { area: 'billing' } }),
    }),
  };
}
