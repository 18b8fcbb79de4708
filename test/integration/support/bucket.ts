import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { services } from '../../support/services';

/** Whether the media bucket holds `key` (read straight from the bucket, not through the API). */
export async function objectExists(key: string): Promise<boolean> {
  const { s3, config } = services();
  try {
    await s3.send(new HeadObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/** Every object key under a user's prefix in the media bucket. */
export async function objectsOf(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/` }));
  return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
}
