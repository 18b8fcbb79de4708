import { describe, expect, it } from 'vitest';
import { keyOnFirstUse } from '../../functions/compose/stock-footage';
import type { StockFootageSource, StockVideo } from '../../functions/core/ports/stock-footage';

const found = [{ id: 'v1' }] as unknown as StockVideo[];
const fakeSource = (apiKey: string): StockFootageSource => ({
  provider: 'pexels',
  search: () => Promise.resolve(apiKey === 'k' ? found : []),
  download: () => Promise.resolve(new Uint8Array([1])),
  picture: () => Promise.resolve(undefined),
});

describe('the Pexels key read from SSM on first use', () => {
  it('reads the key once and searches with it', async () => {
    let reads = 0;
    const source = keyOnFirstUse(() => Promise.resolve(((reads += 1), 'k')), fakeSource);
    expect(await source.search('coffee', 'portrait', 3)).toBe(found);
    expect(await source.search('beans', 'portrait', 3)).toBe(found);
    expect(reads).toBe(1);
  });

  it('finds nothing without a stored key (generated backgrounds then), and refuses a download', async () => {
    const source = keyOnFirstUse(() => Promise.resolve(undefined), fakeSource);
    expect(await source.search('coffee', 'portrait', 3)).toEqual([]);
    await expect(source.download(found[0] as StockVideo, 10, 10)).rejects.toThrow('No Pexels key is stored');
  });

  it('tries the read again after a failure instead of keeping it', async () => {
    let reads = 0;
    const source = keyOnFirstUse(() => ((reads += 1) === 1 ? Promise.reject(new Error('SSM unreachable')) : Promise.resolve('k')), fakeSource);
    await expect(source.search('coffee', 'portrait', 3)).rejects.toThrow('SSM unreachable');
    expect(await source.search('coffee', 'portrait', 3)).toBe(found);
    expect(reads).toBe(2);
  });
});
