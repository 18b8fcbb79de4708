import { describe, expect, it } from 'vitest';
import type { MediaAsset } from '../../functions/core/media/media';
import { buildTagger } from '../../functions/compose/tagger';

const base = { OPENAI_BASE_URL: undefined, OPENAI_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: undefined, OPENAI_API_KEY_PARAMETER: undefined };
const audio = { title: 'Morning birds', kind: 'audio', duration: 30, width: null, height: null, audioCodec: 'mp3' } as unknown as MediaAsset;
const noThumbnail = () => Promise.resolve(undefined);

describe('choosing the tagger', () => {
  it('is offline without a key or a key parameter', async () => {
    const tagger = buildTagger(base, () => Promise.reject(new Error('must not read')));
    expect(tagger.source).toBe('offline');
    expect(await tagger.suggest(audio, noThumbnail)).toEqual(['morning', 'birds', 'audio', 'medium length']);
  });

  it('reads the key parameter once, on first use, and stays offline when it is absent', async () => {
    let reads = 0;
    const tagger = buildTagger({ ...base, OPENAI_API_KEY_PARAMETER: '/reelsmith/test/openai-api-key' }, async () => {
      reads += 1;
      return undefined;
    });
    expect(reads).toBe(0);
    await tagger.suggest(audio, noThumbnail);
    await tagger.suggest(audio, noThumbnail);
    expect(reads).toBe(1);
    expect(tagger.source).toBe('offline');
  });

  it('uses OpenAI vision with a key, yet never sends audio (no picture): those tags are offline', async () => {
    const tagger = buildTagger({ ...base, OPENAI_API_KEY: 'sk-test' });
    let loaded = false;
    const tags = await tagger.suggest(audio, async () => {
      loaded = true;
      return undefined;
    });
    expect(loaded).toBe(false);
    expect(tags).toContain('birds');
    expect(tagger.source).toBe('offline');
  });
});
