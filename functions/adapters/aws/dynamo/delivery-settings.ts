import { z } from 'zod';
import type { DeliverySettingsChanges, DeliverySettingsRepository, StoredDeliverySettings } from '../../../core/ports/delivery';
import { defineEntity, ownerPk } from './entity';
import { deliveryKeys } from './keys';
import { unlessConditionFails, updateItem, type TableRef } from './table';

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

const key = (userId: string) => deliverySettingsEntity.key({ userId });

/** `USER#<id>/DELIVERY_SETTINGS`: the one automation settings record of a user. */
export class DynamoDeliverySettingsRepository implements DeliverySettingsRepository {
  constructor(private readonly table: TableRef) {}

  async get(userId: string): Promise<StoredDeliverySettings | undefined> {
    return deliverySettingsEntity.get(this.table, { userId }, { consistent: true });
  }

  async save(userId: string, initial: StoredDeliverySettings, changes: DeliverySettingsChanges): Promise<StoredDeliverySettings> {
    // Every attribute is written as "the change, else what is stored, else the initial value", in one update.
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const fields = Object.keys(settingsSchema.shape) as (keyof StoredDeliverySettings)[];
    fields.forEach((field, index) => {
      if (field === 'userId') return;
      names[`#f${index}`] = field;
      const change = (changes as Record<string, unknown>)[field];
      if (field === 'updatedAt') {
        values[`:v${index}`] = initial.updatedAt;
        sets.push(`#f${index} = :v${index}`);
      } else if (change !== undefined) {
        values[`:v${index}`] = change;
        sets.push(`#f${index} = :v${index}`);
      } else {
        values[`:v${index}`] = initial[field];
        sets.push(`#f${index} = if_not_exists(#f${index}, :v${index})`);
      }
    });
    const { Attributes } = await updateItem(this.table, {
      Key: key(userId),
      UpdateExpression: `SET #userId = :userId, #type = :type, ${sets.join(', ')}`,
      ExpressionAttributeNames: { ...names, '#userId': 'userId', '#type': 'type' },
      ExpressionAttributeValues: { ...values, ':userId': userId, ':type': deliverySettingsEntity.definition.type },
      ReturnValues: 'ALL_NEW',
    });
    return settingsSchema.parse(Attributes);
  }

  async disableWebhook(userId: string, url: string, reason: string): Promise<void> {
    await unlessConditionFails(
      updateItem(this.table, {
        Key: key(userId),
        UpdateExpression: 'SET webhookDisabledReason = :reason, updatedAt = :now',
        ConditionExpression: 'webhookUrl = :url',
        ExpressionAttributeValues: { ':reason': reason, ':url': url, ':now': new Date().toISOString() },
      }),
    );
  }

  async markTriggered(userId: string, at: string): Promise<void> {
    await this.setIfExists(userId, 'lastTriggered', at);
  }

  async markWebhookFailure(userId: string, message: string): Promise<void> {
    await this.setIfExists(userId, 'lastWebhookFailure', message);
  }

  private async setIfExists(userId: string, field: 'lastTriggered' | 'lastWebhookFailure', value: string): Promise<void> {
    await unlessConditionFails(
      updateItem(this.table, {
        Key: key(userId),
        UpdateExpression: 'SET #field = :value',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':value': value },
      }),
    );
  }
}
