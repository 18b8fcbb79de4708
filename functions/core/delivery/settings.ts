import { deliveryDefaults } from '../../contract/rules/delivery';
import { newSecret } from '../ids';
import type { StoredDeliverySettings } from '../ports/delivery';

/** A Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${newSecret(24).replace(/-/g, '+').replace(/_/g, '/')}`;
}

/** A user's automation settings before anything is saved: the product's (docs/product.md#email-automation) defaults, no addresses. */
export function newDeliverySettings(userId: string, now: string, webhookSecret: string = newWebhookSecret()): StoredDeliverySettings {
  return {
    userId,
    webhookUrl: null,
    automationEmail: null,
    enableVideoWebhook: deliveryDefaults.enableVideoWebhook,
    enableAudioWebhook: deliveryDefaults.enableAudioWebhook,
    enableVideoEmail: deliveryDefaults.enableVideoEmail,
    enableAudioEmail: deliveryDefaults.enableAudioEmail,
    enableEmailAutomation: deliveryDefaults.enableEmailAutomation,
    lastTriggered: null,
    webhookSecret,
    webhookDisabledReason: null,
    lastWebhookFailure: null,
    weeklyEmailTimeZone: 'UTC',
    createdAt: now,
    updatedAt: now,
  };
}
