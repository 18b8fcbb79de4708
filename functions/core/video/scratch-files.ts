import { objectKeys } from '../files/bucket-layout';
import { maxRenderChunks } from './frame-timeline';

/**
 * Where a parallel render's chunks and audio track wait for the join: under the bucket's `tmp/`, which
 * expires them after a day; the join, a failed run and a closed account remove them sooner.
 */
export function renderScratchFiles(userId: string, scriptId: string, runId: string) {
  const chunkKey = (index: number) => objectKeys.renderChunk(userId, scriptId, runId, index);
  const audioKey = objectKeys.renderAudio(userId, scriptId, runId);
  return {
    chunkKey,
    audioKey,
    /** Every key a run may have written (deleting a missing one is harmless). */
    allKeys: () => [...Array.from({ length: maxRenderChunks }, (_, i) => chunkKey(i)), audioKey],
  };
}
