import { describe, expect, it } from 'vitest';
import { entities, entityOf, exportFiles, ownedRecordOf, tableIndexes } from '../../functions/adapters/aws/dynamo/entities';
import { tableSchema } from '../../functions/platform/table-schema';

describe('the entity registry', () => {
  it('names each record type once, and every exported type is the user’s and recognisable without `type`', () => {
    const types = entities.map((entity) => entity.definition.type);
    expect(new Set(types).size).toBe(types.length);
    for (const entity of entities.filter((e) => e.definition.export)) expect(entity.definition.owner).toBe('user');
  });

  it('reads items written before `type` was stored by their sort keys, and prefers `type` when there is one', () => {
    expect(entityOf({ pk: 'USER#u1', sk: 'SCRIPT#01A' })?.definition.type).toBe('Script');
    expect(entityOf({ pk: 'USER#u1', sk: 'UVOICE#v1' })?.definition.type).toBe('UserVoice');
    expect(entityOf({ pk: 'USER#u1', sk: 'VOICE#v1' })?.definition.type).toBe('Voice');
    expect(entityOf({ pk: 'USER#u1', sk: 'VOICE_CLONES', type: 'PlanCounter' })?.definition.type).toBe('PlanCounter');
    expect(entityOf({ pk: 'USER#u1', sk: 'SOMETHING#1' })).toBeUndefined();
  });

  it('exports by entity: keys, index keys, TTLs and each type’s secrets stay out', () => {
    const link = ownedRecordOf({
      pk: 'USER#u1',
      sk: 'SHARE#l1',
      type: 'ShareLink',
      id: 'l1',
      token: 't',
      tokenHash: 'h',
      expiresAt: 5,
      expiresOn: '2026-01-01',
    });
    expect(link.exported).toEqual({ file: 'share-links.json', value: { type: 'ShareLink', id: 'l1', expiresOn: '2026-01-01' } });
    const asset = ownedRecordOf({ pk: 'USER#u1', sk: 'MEDIA#a1', gsi3pk: 'x', gsi3sk: 'y', id: 'a1', proxyKey: 'p' });
    expect(asset.exported?.value).toEqual({ id: 'a1' });
    const settings = ownedRecordOf({ pk: 'USER#u1', sk: 'DELIVERY_SETTINGS', webhookSecret: 's', webhookUrl: null });
    expect(settings.exported?.value).toEqual({ webhookUrl: null });
    const script = ownedRecordOf({ pk: 'USER#u1', sk: 'SCRIPT#1', id: '1', videoRunId: 'r', videoRunAt: 1 });
    expect(script.exported?.value).toEqual({ id: '1' });
    expect(ownedRecordOf({ pk: 'USER#u1', sk: 'OTC#verify-email', codeHash: 'c', linkHash: 'l' }).exported).toBeUndefined();
    expect(exportFiles.map((file) => file.file)).toEqual([
      'profile.json',
      'scripts.json',
      'script-templates.json',
      'video-templates.json',
      'automation-schedules.json',
      'scheduled-emails.json',
      'share-links.json',
      'settings.json',
      'media.json',
      'media-folders.json',
      'voices.json',
      'connected-accounts.json',
      'api-keys.json',
      'publications.json',
    ]);
    // An API key leaves as listed: its hash is only in its lookup, which is nobody's partition and never exported.
    const key = ownedRecordOf({ pk: 'USER#u1', sk: 'APIKEY#k1', type: 'ApiKey', id: 'k1', userId: 'u1', name: 'n8n', scopes: ['read'], prefix: 'rsk_k1ab' });
    expect(key.exported).toEqual({
      file: 'api-keys.json',
      value: { type: 'ApiKey', id: 'k1', userId: 'u1', name: 'n8n', scopes: ['read'], prefix: 'rsk_k1ab' },
    });
    expect(ownedRecordOf({ pk: 'APIKEY#k1', sk: 'LOOKUP', type: 'ApiKeyLookup', keyId: 'k1', secretHash: 'h' }).exported).toBeUndefined();
    // A connected account leaves without its tokens or its refresh claim.
    const account = ownedRecordOf({
      pk: 'USER#u1',
      sk: 'PUBACCT#a1',
      type: 'ConnectedAccount',
      id: 'a1',
      userId: 'u1',
      platform: 'tiktok',
      displayName: '@me',
      status: 'connected',
      providerUserId: 'p1',
      sealedTokens: 'v1.secret',
      accessExpiresAt: 1,
      tokenVersion: 2,
      refreshingUntil: 3,
      connectedAt: 'now',
      updatedAt: 'now',
    });
    expect(account.exported).toEqual({
      file: 'connected-accounts.json',
      value: {
        type: 'ConnectedAccount',
        id: 'a1',
        userId: 'u1',
        platform: 'tiktok',
        displayName: '@me',
        status: 'connected',
        providerUserId: 'p1',
        connectedAt: 'now',
        updatedAt: 'now',
      },
    });
  });

  it('derives the table’s indexes from the ones the entities are written to', () => {
    const used = new Set(entities.flatMap((entity) => Object.values(entity.definition.indexes ?? {}).map((index) => index?.index)));
    expect(tableIndexes.map((index) => index.indexName)).toEqual(tableSchema.indexNames.filter((name) => used.has(name)));
    expect(tableIndexes[0]).toEqual({ indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' });
  });
});
