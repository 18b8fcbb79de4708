import { z } from 'zod';
import type { DeliverySettingsChanges, DeliverySettingsRepository, StoredDeliverySettings } from '../../../core/ports/delivery';
import { defineEntity, ownerPk, where } from './entity';
import { deliveryKeys } from './keys';
import { unlessConditionFails, type TableRef } from './table';

const settingsSchema = z.object({
  userId: z.string(),
  webhookUrl: z.string().nullable(),
  automationEmail: z.string().nullable(),
  enableVideoWebhook: z.boolean(),
  enableAudioWebhook: z.boolean(),
  enableVideoEmail: z.boolean(),
  enableAudioEmail: z.boolean(),
  enableEmailAutomation: z.boolean(),
  lastTriggered: z.string().nullable(),
  webhookSecret: z.string(),
  webhookDisabledReason: z.string().nullable(),
  lastWebhookFailure: z.string().nullable(),
  weeklyEmailTimeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<StoredDeliverySettings>;

/** The one automation settings record of a user; its webhook signing secret never leaves in an export. */
export const deliverySettingsEntity = defineEntity<StoredDeliverySettings>({
  type: 'DeliverySettings',
  schema: settingsSchema,
  sortKeyPrefix: deliveryKeys.settings,
  pk: ownerPk,
  sk: { uses: [], build: () => deliveryKeys.settings },
  owner: 'user',
  export: { file: 'settings.json', single: true, omit: ['webhookSecret'] },
});

/** `USER#<id>/DELIVERY_SETTINGS`: the one automation settings record of a user. */
export class DynamoDeliverySettingsRepository implements DeliverySettingsRepository {
  constructor(private readonly table: TableRef) {}

  async get(userId: string): Promise<StoredDeliverySettings | undefined> {
    return deliverySettingsEntity.get(this.table, { userId }, { consistent: true });
  }

  async save(userId: string, initial: StoredDeliverySettings, changes: DeliverySettingsChanges): Promise<StoredDeliverySettings> {
    // Every attribute is written as "the change, else what is stored, else the initial value", in one update.
    const set: Partial<StoredDeliverySettings> = { updatedAt: initial.updatedAt };
    const setIfAbsent: Record<string, unknown> = {};
    const fields = Object.keys(settingsSchema.shape) as (keyof StoredDeliverySettings)[];
    for (const field of fields) {
      if (field === 'userId' || field === 'updatedAt') continue;
      const change = changes[field as keyof DeliverySettingsChanges];
      if (change !== undefined) Object.assign(set, { [field]: change });
      else setIfAbsent[field] = initial[field];
    }
    const saved = await deliverySettingsEntity.update(this.table, { userId }, { upsert: true, set, setIfAbsent, returns: 'ALL_NEW' });
    return settingsSchema.parse(saved);
  }

  async disableWebhook(userId: string, url: string, reason: string): Promise<void> {
    await unlessConditionFails(
      deliverySettingsEntity.update(
        this.table,
        { userId },
        { set: { webhookDisabledReason: reason, updatedAt: new Date().toISOString() }, condition: where.eq('webhookUrl', url) },
      ),
    );
  }

  async markTriggered(userId: string, at: string): Promise<void> {
    await this.setIfExists(userId, 'lastTriggered', at);
  }

  async markWebhookFailure(userId: string, message: string): Promise<void> {
    await this.setIfExists(userId, 'lastWebhookFailure', message);
  }

  private async setIfExists(userId: string, field: 'lastTriggered' | 'lastWebhookFailure', value: string): Promise<void> {
    await unlessConditionFails(deliverySettingsEntity.update(this.table, { userId }, { set: { [field]: value }, condition: where.itemExists() }));
  }
}
