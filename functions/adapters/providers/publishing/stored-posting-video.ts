import type { ObjectStore } from '../../../core/ports/object-store';
import type { PostingVideo } from '../../../core/ports/posting';

/**
 * A finished video in the media bucket, as the posters read it: ranged GETs of the object (a
 * chunk at a time, never the whole file in memory) and a presigned GET for the platforms that fetch the
 * file themselves (Instagram's containers). The size comes from the object itself (HEAD), not from a record.
 */
export interface StoredVideo {
  key: string;
  sizeBytes: number;
  durationSeconds: number;
}

/** How long the URL a platform fetches from stays valid (Instagram fetches within minutes; a slow queue gets an hour). */
export const postingUrlLifetimeSeconds = 3600;

export function storedPostingVideo(
  store: Pick<ObjectStore, 'readRange' | 'presignGet'>,
  video: StoredVideo,
  urlLifetimeSeconds = postingUrlLifetimeSeconds,
): PostingVideo {
  return {
    sizeBytes: video.sizeBytes,
    durationSeconds: video.durationSeconds,
    read: (start, end) => {
      if (start < 0 || end > video.sizeBytes || end <= start) return Promise.reject(new RangeError(`bad range ${start}-${end} of ${video.sizeBytes}`));
      return store.readRange(video.key, start, end);
    },
    publicUrl: () => store.presignGet(video.key, urlLifetimeSeconds),
  };
}

/** The stored video with its size read from the bucket; undefined when the object is gone. */
export async function postingVideoOf(
  store: Pick<ObjectStore, 'readRange' | 'presignGet' | 'head'>,
  key: string,
  durationSeconds: number,
): Promise<PostingVideo | undefined> {
  const sizeBytes = await store.head(key);
  return sizeBytes === undefined ? undefined : storedPostingVideo(store, { key, sizeBytes, durationSeconds });
}
