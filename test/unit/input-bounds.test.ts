import { describe, expect, it } from 'vitest';
import {
  assertItemFits,
  attributeValueBytes,
  checkWriteRequest,
  itemBytes,
  maxItemBytes,
  nestingDepth,
  writtenItems,
} from '../../functions/adapters/aws/dynamo/item-size';
import { maxEspeakInputBytes, measuringPieces, tokenize } from '../../functions/adapters/local/espeak-speech';
import { captionSettingsInputSchema, captionSettingsSchema } from '../../functions/contract/caption-settings';
import { RecordTooLargeError, ValidationError } from '../../functions/core/errors';
import { finishDraft, writeRequestFor } from '../../functions/core/scripts/generation';
import { createScriptSchema, updateScriptSchema } from '../../functions/contract/scripts';
import { scriptLimitMessages, scriptLimits } from '../../functions/contract/rules/script-limits';
import { splitScript } from '../../functions/contract/rules/segments';
import { fitToCharacters } from '../../functions/core/scripts/script-limits';
import { OwnedReferences } from '../../functions/core/users/references';
import { presetVoices, type Voice } from '../../functions/core/voices/voice';
import type { MediaFolder } from '../../functions/core/media/media';
import { bulkDeleteSchema, bulkMoveSchema, setTagsSchema, tagsInput } from '../../functions/contract/media';

/** The pure rules behind the integration tests in input-bounds.test.ts. */

describe('the item size guard (point 3)', () => {
  it('counts an item as DynamoDB does: names and values in UTF-8, numbers by digits, 3 bytes and 1 per element for lists and maps', () => {
    expect(attributeValueBytes({ S: 'hello' })).toBe(5);
    expect(attributeValueBytes({ S: '語' })).toBe(3);
    expect(attributeValueBytes({ N: '12345' })).toBe(4);
    expect(attributeValueBytes({ BOOL: true })).toBe(1);
    expect(attributeValueBytes({ NULL: true })).toBe(1);
    expect(attributeValueBytes({ L: [] })).toBe(3);
    expect(attributeValueBytes({ L: [{ S: 'ab' }, { S: 'c' }] })).toBe(3 + (1 + 2) + (1 + 1));
    expect(attributeValueBytes({ M: { ab: { S: 'xyz' } } })).toBe(3 + 1 + 2 + 3);
    expect(itemBytes({ pk: { S: 'USER#1' }, n: { N: '7' } })).toBe(2 + 6 + 1 + 2);
  });

  it('measures nesting: a scalar is 0, each list or map one more', () => {
    let value: Record<string, unknown> = { S: 'x' };
    for (let i = 0; i < 40; i++) value = { M: { inner: value } };
    expect(nestingDepth({ S: 'x' })).toBe(0);
    expect(nestingDepth({ L: [{ M: {} }] })).toBe(2);
    expect(nestingDepth(value)).toBe(40);
    expect(() => assertItemFits({ pk: { S: 'a' }, deep: value })).toThrow(ValidationError);
  });

  it('refuses an item over 400 KB with a 413 that says how large it is, and lets one at the limit pass', () => {
    const name = 'body';
    const fits = { [name]: { S: 'x'.repeat(maxItemBytes - name.length) } };
    expect(itemBytes(fits)).toBe(maxItemBytes);
    expect(() => assertItemFits(fits)).not.toThrow();
    const over = { [name]: { S: 'x'.repeat(maxItemBytes) } };
    expect(() => assertItemFits(over)).toThrow(RecordTooLargeError);
    expect(() => assertItemFits(over)).toThrow('The record is too large to save (401 KB; at most 400 KB)');
  });

  it('finds what every write operation writes: puts whole, updates by their key and values', () => {
    const item = { pk: { S: 'a' } };
    expect(writtenItems('PutItem', { Item: item })).toEqual([item]);
    expect(writtenItems('UpdateItem', { Key: item, ExpressionAttributeValues: { ':v0': { S: 'b' } } })).toEqual([{ pk: { S: 'a' }, ':v0': { S: 'b' } }]);
    expect(writtenItems('TransactWriteItems', { TransactItems: [{ Put: { Item: item } }, { Update: { Key: item } }, { Delete: { Key: item } }] })).toHaveLength(
      2,
    );
    expect(writtenItems('BatchWriteItem', { RequestItems: { t: [{ PutRequest: { Item: item } }, { DeleteRequest: { Key: item } }] } })).toEqual([item]);
    expect(writtenItems('GetItem', { Key: item })).toEqual([]);
  });

  it('checks a request body on its way out, and leaves reads alone', () => {
    const request = (target: string, body: unknown) => ({
      headers: { 'x-amz-target': `DynamoDB_20120810.${target}` },
      body: new TextEncoder().encode(JSON.stringify(body)),
    });
    const big = { TableName: 't', Item: { pk: { S: 'a' }, text: { S: 'x'.repeat(maxItemBytes) } } };
    expect(() => checkWriteRequest(request('PutItem', big))).toThrow(RecordTooLargeError);
    expect(() => checkWriteRequest(request('Query', big))).not.toThrow();
    expect(() => checkWriteRequest(request('PutItem', { TableName: 't', Item: { pk: { S: 'a' } } }))).not.toThrow();
  });
});

describe('caption settings (point 3): one strict schema', () => {
  it('takes any subset of the documented fields, as an object or a JSON string, and fills the rest only when read', () => {
    expect(captionSettingsInputSchema.parse({ font_size: 72 })).toEqual({ font_size: 72 });
    expect(captionSettingsInputSchema.parse('{"style":"karaoke"}')).toEqual({ style: 'karaoke' });
    expect(captionSettingsSchema.parse({ font_size: 72 })).toMatchObject({ font_size: 72, word_color: '#FFFF00', style: 'highlight' });
  });

  it('names what is wrong: unknown fields, out-of-range values, a string that is too long or not JSON', () => {
    const problem = (value: unknown) => captionSettingsInputSchema.safeParse(value).error?.issues[0]?.message;
    expect(problem({ inner: { inner: {} } })).toBe('captionSettings has fields the captions do not have: inner');
    expect(problem({ max_words_per_line: 7 })).toBe('max_words_per_line must be a whole number from 1 to 6');
    expect(problem({ outline_width: -1 })).toBe('outline_width must be from 0 to 10');
    expect(problem({ position: 'center' })).toMatch(/^position must be one of: top_left/);
    expect(problem({ word_color: 'yellow' })).toBe('Colours are #RRGGBB');
    expect(problem('x'.repeat(6_001))).toBe('captionSettings must be at most 6,000 characters');
    expect(problem('{')).toBe('captionSettings must be an object or a JSON object string');
    expect(problem([1])).toBe('captionSettings must be an object or a JSON object string');
  });
});

describe('script bounds (points 3 and 4)', () => {
  const segment = (text: string) => ({ text, mediaDuration: 3, mediaStartTime: 0 });

  it('caps the content at 5,000 characters with the message, on create and update', () => {
    const content = (n: number) => ({ title: 't', scriptContent: 'w'.repeat(n) });
    expect(createScriptSchema.safeParse(content(5_000)).success).toBe(true);
    expect(createScriptSchema.safeParse(content(5_001)).error?.issues[0]?.message).toBe(scriptLimitMessages.contentTooLong);
    expect(updateScriptSchema.safeParse({ scriptContent: 'w'.repeat(5_001) }).error?.issues[0]?.message).toBe(
      'Script content must be at most 5,000 characters',
    );
  });

  it('caps segments at 100, their text at 5,000 together, their addresses at 1,000, and usedMediaIds at 100', () => {
    const metadata = (segments: unknown[]) => updateScriptSchema.safeParse({ videoMetadata: { segments, totalDuration: 3 } });
    expect(metadata(Array.from({ length: 100 }, () => segment('Hi.'))).success).toBe(true);
    expect(metadata(Array.from({ length: 101 }, () => segment('Hi.'))).error?.issues[0]?.message).toBe('A video can have at most 100 segments');
    expect(metadata([segment('w'.repeat(3_000)), segment('w'.repeat(2_001))]).error?.issues[0]?.message).toBe(scriptLimitMessages.segmentTextTooLong);
    expect(metadata([{ ...segment('Hi.'), mediaFile: `/api/${'x'.repeat(1_000)}` }]).error?.issues[0]?.message).toBe(scriptLimitMessages.segmentUrlTooLong);
    expect(updateScriptSchema.safeParse({ usedMediaIds: Array.from({ length: 101 }, (_, i) => i) }).error?.issues[0]?.message).toBe(
      scriptLimitMessages.tooManyMediaIds,
    );
  });

  it('caps the media id and tag lists with messages that say the bound', () => {
    const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(first(bulkDeleteSchema.safeParse({ ids: Array.from({ length: 501 }, (_, i) => `A${i}`) }))).toBe('Select at most 500 items');
    expect(first(bulkMoveSchema.safeParse({ assetIds: [], folderId: null }))).toBe('Select at least one item');
    expect(first(setTagsSchema.safeParse({ tags: Array.from({ length: 101 }, () => 'tag') }))).toBe('At most 100 tags');
    expect(first(tagsInput.safeParse(Array.from({ length: 101 }, () => 'tag')))).toBe('At most 100 tags');
    expect(first(tagsInput.safeParse('t,'.repeat(2_001)))).toBe('Tags must be at most 4,000 characters');
    expect(tagsInput.parse('intro, music')).toEqual(['intro', ' music']);
  });

  it('cuts generated words to the cap at a sentence end, else a word boundary', () => {
    const sentences = 'This sentence has some words in it. '.repeat(200);
    const cut = fitToCharacters(sentences);
    expect(cut.length).toBeLessThanOrEqual(scriptLimits.contentChars);
    expect(cut.endsWith('in it.')).toBe(true);
    const words = fitToCharacters('word '.repeat(2_000), 23);
    expect(words).toBe('word word word word');
    expect(fitToCharacters('short')).toBe('short');
  });

  it('never saves a generated script longer than the cap, however long its words', () => {
    const request = writeRequestFor({ topic: 't', subjectCategory: null, extraInstructions: 'x', duration: '60 sec', count: 1 });
    const draft = { title: 'Long', content: `${'Supercalifragilistic'.repeat(5)} `.repeat(180), hashtags: [], hookSuggestion: 'Hook' };
    expect(finishDraft(draft, request, '60 sec', 'openai').content.length).toBeLessThanOrEqual(scriptLimits.contentChars);
  });

  it('splits a script into at most 100 segments, joining neighbours evenly', () => {
    const many = Array.from({ length: 250 }, (_, i) => `Line ${i}.`).join('\n');
    const pieces = splitScript(many);
    expect(pieces).toHaveLength(scriptLimits.segments);
    expect(pieces.join(' ')).toBe(Array.from({ length: 250 }, (_, i) => `Line ${i}.`).join(' '));
    expect(splitScript('One. Two. Three.')).toEqual(['One.', 'Two.', 'Three.']);
  });
});

describe('the offline voice at the cap (point 4)', () => {
  it('measures words in pieces that each fit what eSpeak takes at once, covering every word in order', () => {
    const { words } = tokenize('I a. '.repeat(1_000));
    const pieces = measuringPieces(words);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece.markup ?? '', 'utf8')).toBeLessThanOrEqual(maxEspeakInputBytes);
    expect(pieces.flatMap((piece) => piece.words)).toEqual(words);
  });

  it('counts, rather than measures, a word too long for a piece of its own', () => {
    const pieces = measuringPieces(['short', `a${'&'.repeat(100)}`, 'end'], 200);
    expect(pieces.map((piece) => [piece.words, piece.markup !== undefined])).toEqual([
      [['short'], true],
      [[`a${'&'.repeat(100)}`], false],
      [['end'], true],
    ]);
  });
});

describe('references (point 7)', () => {
  const voice = (id: string, userId: string): Voice => ({
    id,
    voiceId: id,
    name: id,
    modelId: 'm',
    speed: 1,
    stability: 0.5,
    similarityBoost: 0.5,
    style: 0,
    speakerBoost: true,
    visibility: 'private',
    userId,
    description: null,
    gender: null,
    sampleKey: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const voices = [voice('V-ANN', 'ann'), voice('V-BOB', 'bob')];
  const folders = [{ id: 'F-ANN', userId: 'ann' }];
  const references = new OwnedReferences({
    voices: { find: (userId, id) => Promise.resolve(voices.find((v) => v.id === id && v.userId === userId)) },
    folders: { getFolder: (userId, id) => Promise.resolve(folders.find((f) => f.id === id && f.userId === userId) as MediaFolder | undefined) },
  });

  it('takes presets, the caller’s own voices and folders, and nothing at all', async () => {
    await expect(
      references.assertOwned('ann', [
        { field: 'selectedVoice', kind: 'voice', id: presetVoices[0]?.id },
        { field: 'voiceId', kind: 'voice', id: 'V-ANN' },
        { field: 'preferredFolderId', kind: 'folder', id: 'F-ANN' },
        { field: 'voiceSelection', kind: 'voice', id: null },
        { field: 'voiceId', kind: 'voice', id: '  ' },
      ]),
    ).resolves.toBeUndefined();
  });

  it('names every field that points at something not the caller’s', async () => {
    const refused = references.assertOwned('bob', [
      { field: 'voiceId', kind: 'voice', id: 'V-ANN' },
      { field: 'preferredFolderId', kind: 'folder', id: 'F-ANN' },
    ]);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      message: 'voiceId: Voice not found',
      details: [
        { path: 'voiceId', message: 'voiceId: Voice not found' },
        { path: 'preferredFolderId', message: 'preferredFolderId: Folder not found' },
      ],
    });
  });
});
