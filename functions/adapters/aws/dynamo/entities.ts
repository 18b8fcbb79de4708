import type { ExportFile, OwnedRecord } from '../../../core/ports/account-data';
import { tableSchema, type IndexName } from '../../../platform/table-schema';
import { apiKeyEntity, apiKeyLookupEntity, apiRateWindowEntity } from './api-keys';
import { loginClientCountEntity, loginPairCountEntity, oneTimeCodeEntity } from './account-stores';
import { closureEntity } from './closure-entity';
import { stripeCustomerEntity, stripeEventEntity } from './billing-store';
import { deliverySettingsEntity } from './delivery-settings';
import type { ExportRule } from './entity';
import { mailDayEntity, suppressedAddressEntity, testMailHourEntity } from './mail-quota';
import { assetEntity, folderEntity, uploadEntity, usageEntity } from './media-entities';
import { planCounterEntity } from './plan-counter';
import { connectedAccountEntity, oauthStateEntity } from './publishing-entities';
import { postDayEntity, publicationEntity } from './publication-entities';
import { connectionEntity, ticketEntity, userConnectionEntity } from './realtime-stores';
import { scheduledEmailEntity } from './scheduled-emails';
import { scriptEntity } from './script-repository';
import { scriptTemplateEntity } from './script-template-repository';
import { sentMarkerEntity } from './send-once';
import { sessionEntity } from './session-store';
import { shareLinkEntity, shareTokenEntity } from './share-links';
import { nameClaimEntity, userEntity } from './user-repository';
import { userVoiceEntity, voiceEntity } from './voice-repository';
import { chargedRunEntity } from './usage-counters';
import { mediaUseEntity } from './video-runs';
import { webhookAttemptEntity, webhookDeliveryEntity } from './webhook-deliveries';
import { automationRunEntity, runOfScriptEntity, scheduleEntity, videoTemplateEntity } from './workflows';

/** What the table-wide readers (export, closure, the table's shape) need of an entity, whatever its record. */
export interface StoredType {
  readonly definition: {
    type: string;
    owner?: 'user';
    export?: ExportRule;
    indexes?: Partial<Record<string, { index: IndexName }>>;
  };
  recognises(item: Record<string, unknown>): boolean;
  exported(item: Record<string, unknown>): unknown;
}

/**
 * Every record type of the table, in the order of the export's files. A new entity is added here and
 * nowhere else: the export lists it by its `export` rule, the closing of an account deletes it with
 * the partition when it is the user's, and the table gets the indexes it names.
 */
export const entities: readonly StoredType[] = [
  userEntity,
  scriptEntity,
  scriptTemplateEntity,
  videoTemplateEntity,
  scheduleEntity,
  scheduledEmailEntity,
  shareLinkEntity,
  deliverySettingsEntity,
  assetEntity,
  folderEntity,
  userVoiceEntity,
  voiceEntity,
  connectedAccountEntity,
  apiKeyEntity,
  publicationEntity,
  postDayEntity,
  uploadEntity,
  usageEntity,
  planCounterEntity,
  automationRunEntity,
  runOfScriptEntity,
  webhookDeliveryEntity,
  sentMarkerEntity,
  mailDayEntity,
  testMailHourEntity,
  oneTimeCodeEntity,
  shareTokenEntity,
  apiKeyLookupEntity,
  apiRateWindowEntity,
  suppressedAddressEntity,
  nameClaimEntity,
  stripeCustomerEntity,
  stripeEventEntity,
  closureEntity,
  sessionEntity,
  connectionEntity,
  userConnectionEntity,
  ticketEntity,
  mediaUseEntity,
  webhookAttemptEntity,
  chargedRunEntity,
  oauthStateEntity,
  loginPairCountEntity,
  loginClientCountEntity,
];

/** The entity a stored item is one of (by `type`, or by its sort key for items written before `type` was). */
export function entityOf(item: Record<string, unknown>): StoredType | undefined {
  return entities.find((entity) => entity.recognises(item));
}

/** A user's item as the export and the closure read it: its type and, when exported, its file and value. */
export function ownedRecordOf(item: Record<string, unknown>): OwnedRecord {
  const entity = entityOf(item);
  const sk = typeof item.sk === 'string' ? item.sk : '';
  const rule = entity?.definition.export;
  return { sk, type: entity?.definition.type, item, ...(entity && rule ? { exported: { file: rule.file, value: entity.exported(item) } } : {}) };
}

/** The export's files, in order, each once. */
export const exportFiles: readonly ExportFile[] = entities
  .flatMap((entity) => (entity.definition.export ? [{ file: entity.definition.export.file, single: entity.definition.export.single ?? false }] : []))
  .filter((file, index, all) => all.findIndex((other) => other.file === file.file) === index);

/** The secondary indexes the entities are written to: the table's GSIs (CDK and the local table read this). */
export const tableIndexes: readonly { indexName: IndexName; partitionKey: string; sortKey: string }[] = tableSchema.indexNames
  .filter((name) => entities.some((entity) => Object.values(entity.definition.indexes ?? {}).some((index) => index?.index === name)))
  .map((indexName) => ({ indexName, partitionKey: `${indexName}pk`, sortKey: `${indexName}sk` }));

/** The table as created: its keys, TTL and the indexes derived from the entities. */
export const tableDefinition = { ...tableSchema, globalSecondaryIndexes: tableIndexes } as const;
