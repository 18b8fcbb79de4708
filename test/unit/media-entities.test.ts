import { describe, expect, it } from 'vitest';
import { spelledUpdate } from '../support/spelled';
import { moveTransaction } from '../../functions/adapters/aws/dynamo/media-assets';
import { assetEntity, folderEntity, nameKey, sizeKey, uploadEntity } from '../../functions/adapters/aws/dynamo/media-entities';
import type { MediaAsset } from '../../functions/core/media/media';
import { tableDefinition as tableSchema } from '../../functions/adapters/aws/dynamo/entities';

/** Each media record type writes its keys from one definition, in the table's existing layout. */

const asset = (over: Partial<MediaAsset> = {}): MediaAsset => ({
  id: 'A1',
  userId: 'u1',
  title: 'Émile Beach',
  fileName: 'beach.mp4',
  fileType: 'video/mp4',
  kind: 'video',
  fileSize: 4_096,
  duration: 8,
  tags: ['Sun'],
  isActive: true,
  folderId: 'F1',
  storageKey: 'users/u1/media/A1/original.mp4',
  thumbnailKey: null,
  width: 1080,
  height: 1920,
  codec: 'h264',
  audioCodec: null,
  bitrate: null,
  fps: 30,
  sampleRate: null,
  channels: null,
  format: 'mp4',
  aspectRatio: '9:16',
  colorSpace: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the asset definition', () => {
  it('writes the key, the search text and the five order indexes as stored items always had them', () => {
    const item = assetEntity.item(asset());
    expect(item).toMatchObject({
      pk: 'USER#u1',
      sk: 'MEDIA#A1',
      type: 'MediaAsset',
      searchText: 'émile beach\nbeach.mp4\nsun',
      gsi1pk: 'USER#u1#MEDIA#NAME',
      gsi1sk: nameKey('Émile Beach', 'A1'),
      gsi2pk: 'USER#u1#MEDIA#SIZE',
      gsi2sk: sizeKey(4_096, 'A1'),
      gsi3pk: 'USER#u1#MEDIA#F#F1',
      gsi3sk: 'A1',
      gsi4pk: 'USER#u1#MEDIA#F#F1',
      gsi4sk: 'emile beach\u0001A1',
      gsi5pk: 'USER#u1#MEDIA#F#F1',
      gsi5sk: '000000004096#A1',
    });
    expect(item).not.toHaveProperty('gsi6pk');
    expect(assetEntity.parse(item)).toEqual(asset());
  });

  it('puts audio in the sparse audio index, and assets in no folder under the root', () => {
    const item = assetEntity.item(asset({ kind: 'audio', fileType: 'audio/mpeg', folderId: null }));
    expect(item).toMatchObject({ gsi6pk: 'USER#u1#MEDIA#AUDIO', gsi6sk: 'A1', gsi3pk: 'USER#u1#MEDIA#F#ROOT' });
  });

  it('rewrites exactly the index keys a change reads, and asks for the fields they need', () => {
    const moved = assetEntity.changes({ userId: 'u1', id: 'A1', folderId: null, updatedAt: 'now' }, ['folderId', 'updatedAt']);
    expect(moved).toEqual({
      set: { folderId: null, updatedAt: 'now', gsi3pk: 'USER#u1#MEDIA#F#ROOT', gsi4pk: 'USER#u1#MEDIA#F#ROOT', gsi5pk: 'USER#u1#MEDIA#F#ROOT' },
      remove: [],
    });
    const tagged = assetEntity.changes({ ...asset(), tags: ['Sea'] }, ['tags']);
    expect(tagged.set).toEqual({ tags: ['Sea'], searchText: 'émile beach\nbeach.mp4\nsea' });
    expect(() => assetEntity.changes({ userId: 'u1', id: 'A1', tags: ['Sea'] }, ['tags'])).toThrow(/searchText reads title/);
    expect(() => assetEntity.changes({ userId: 'u1', id: 'A2' }, ['id'])).toThrow(/table key/);
  });

  it('names its access patterns by index and partition', () => {
    expect(assetEntity.partition('inFolderBySize', { userId: 'u1', folderId: 'F9' })).toEqual({ index: 'gsi5', partitionKey: 'USER#u1#MEDIA#F#F9' });
    expect(assetEntity.partition('audio', { userId: 'u1' })).toEqual({ index: 'gsi6', partitionKey: 'USER#u1#MEDIA#AUDIO' });
    const declared = new Set<string>(tableSchema.globalSecondaryIndexes.map((index) => index.indexName));
    for (const index of Object.values(assetEntity.definition.indexes ?? {})) expect(declared.has(index.index)).toBe(true);
  });
});

describe('folders and uploads', () => {
  it('write their keys and, for an upload, its seven-day expiry', () => {
    expect(folderEntity.key({ userId: 'u1', id: 'F1' })).toEqual({ pk: 'USER#u1', sk: 'MFOLDER#F1' });
    const upload = uploadEntity.item({
      id: 'U1',
      userId: 'u1',
      storageKey: 'k',
      fileType: 'audio/mpeg',
      fileName: 'a.mp3',
      title: 'a',
      declaredSize: 10,
      folderId: null,
      tags: [],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(upload).toMatchObject({ pk: 'USER#u1', sk: 'MUPLOAD#U1', type: 'MediaUpload', expiresAt: Date.parse('2026-01-08T00:00:00.000Z') / 1000 });
  });
});

describe('moving assets between folders', () => {
  it('conditions each asset on the folder it was read in and counts each folder once', () => {
    const items = moveTransaction(
      'T',
      [
        { asset: { userId: 'u1', id: 'A1', folderId: 'F1' }, to: null },
        { asset: { userId: 'u1', id: 'A2', folderId: 'F1' }, to: null },
        { asset: { userId: 'u1', id: 'A3', folderId: null }, to: 'F2' },
      ],
      'now',
    );
    expect(items).toHaveLength(5);
    expect(items[0]?.Update?.Key).toEqual({ pk: 'USER#u1', sk: 'MEDIA#A1' });
    expect(spelledUpdate(items[0]?.Update).condition).toBe('(attribute_exists(pk) AND folderId = "F1")');
    expect(spelledUpdate(items[2]?.Update).condition).toBe('(attribute_exists(pk) AND attribute_type(folderId, "NULL"))');
    expect(items.slice(3).map((item) => [item.Update?.Key, spelledUpdate(item.Update)])).toEqual([
      [
        { pk: 'USER#u1', sk: 'MFOLDER#F1' },
        { update: 'ADD assetCount -2', condition: 'attribute_exists(pk)' },
      ],
      [
        { pk: 'USER#u1', sk: 'MFOLDER#F2' },
        { update: 'ADD assetCount 1', condition: 'attribute_exists(pk)' },
      ],
    ]);
  });
});
