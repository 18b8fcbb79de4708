import { z } from 'zod';
import {
  connectedAccountSchema,
  connectResponseSchema,
  publicationSchema,
  publishCheckResponseSchema,
  publishResponseSchema,
} from '../../../contract/publishing';
import { created, ok, redirect, type AreaDescriptions } from '../route-description';

/** Connected platform accounts and posting. Connecting and disconnecting are cookie sessions only. */
export const publishingRoutes: AreaDescriptions = {
  'GET /api/publishing/accounts': {
    summary: 'List connected accounts',
    operationId: 'listConnectedAccounts',
    success: ok(z.array(connectedAccountSchema), 'TikTok, YouTube and Instagram accounts you can post to.'),
  },
  'POST /api/publishing/accounts/{platform}/connect': {
    summary: 'Connect a platform account',
    description: 'Answers the platform’s consent page; the platform sends the browser back to the callback.',
    operationId: 'connectAccount',
    success: ok(connectResponseSchema, 'Where to send the browser.'),
    errors: [403, 502],
  },
  'GET /api/publishing/oauth/{platform}/callback': {
    summary: 'Platform consent callback',
    description: 'Called by the browser on its way back from the platform; redirects to the page that started it.',
    operationId: 'completeAccountConnection',
    success: redirect('Back to the app, with the outcome in the query.'),
  },
  'DELETE /api/publishing/accounts/{id}': {
    summary: 'Disconnect a platform account',
    operationId: 'disconnectAccount',
    success: { status: 204, description: 'Disconnected (its grant revoked at the platform).' },
    errors: [404],
  },
  'POST /api/scripts/{id}/publish/check': {
    summary: 'Check a post before sending it',
    description: 'What would fail for each target (duration, watermark, privacy, an earlier post), without posting.',
    operationId: 'checkPublish',
    success: ok(publishCheckResponseSchema, 'Each target’s problems and options.'),
    errors: [404, 409, 502],
  },
  'POST /api/scripts/{id}/publish': {
    summary: 'Post a video',
    description: 'To one or more connected accounts, now or at `scheduledAt`; follow with `GET /api/publications`.',
    operationId: 'publishVideo',
    success: created(publishResponseSchema, 'The publications, queued.'),
    errors: [403, 404, 409, 422],
  },
  'GET /api/publications': {
    summary: 'List posts',
    description: '`?scriptId=` for one video’s.',
    operationId: 'listPublications',
    success: ok(z.array(publicationSchema), 'Your posts and their status.'),
  },
  'DELETE /api/publications/{id}': {
    summary: 'Cancel a scheduled post',
    operationId: 'cancelPublication',
    success: { status: 204, description: 'Cancelled.' },
    errors: [404, 409],
  },
};
