import { PutObjectCommand } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import type { Script } from '../../../functions/contract/scripts';
import { services } from '../../support/services';
import type { SignedInUser } from './accounts';

/**
 * A script whose video is a real MP4 in the user's video folder, as the pipeline leaves it (for the
 * tests of what is done with a finished video: mails, share links, webhooks), without a render.
 */
export async function scriptWithVideo(user: SignedInUser, mp4: Uint8Array, title = 'Morning habits'): Promise<Script> {
  const created = await user.client.post<Script>('/api/scripts', {
    title,
    scriptContent: 'Wake up. Drink water. Move a little.',
    postCaption: 'Three habits for better mornings #morning #habits #routine #wellness #daily #tips',
  });
  expect(created.status).toBe(201);
  const file = `${created.body.id}-run1.mp4`;
  const { s3, config } = services();
  await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: `users/${user.id}/video/${file}`, Body: mp4, ContentType: 'video/mp4' }));
  const patched = await user.client.patch<Script>(`/api/scripts/${created.body.id}`, { videoUrl: `/api/video/${file}` });
  expect(patched.status).toBe(200);
  return patched.body;
}
