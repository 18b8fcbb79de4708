import { z } from 'zod';
import {
  connectedAccountSchema,
  publicationSchema,
  publicationStatusSchema,
  platformSchema,
  publishRequestSchema,
  type ConnectedAccount,
  type Publication,
  type PublishResponse,
} from '../../contract/publishing';
import { defineTool } from './tool';
import { scriptIdArgument } from './scripts';

export const listConnectedAccounts = defineTool({
  name: 'list_connected_accounts',
  title: 'List connected accounts',
  description:
    'Lists the TikTok, YouTube and Instagram accounts the creator connected in Settings, with their status (connected, expired, revoked). ' +
    "Use an account's `id` as `accountId` in publish_video's targets. Connecting an account is done in the app, never with a key.",
  input: z.object({}),
  output: z.object({ accounts: z.array(connectedAccountSchema) }),
  readOnly: true,
  async run(_args, { api }) {
    const accounts = await api.get<ConnectedAccount[]>('/api/publishing/accounts');
    return {
      structured: { accounts },
      text: accounts.map((a) => `${a.platform} "${a.displayName}" (${a.id}, ${a.status})`).join(', ') || 'No connected accounts: connect one in Settings.',
    };
  },
});

export const publishVideo = defineTool({
  name: 'publish_video',
  title: 'Post the video',
  description:
    "Posts a script's finished video to connected accounts, now or at `scheduledAt` (ISO date and time with offset). " +
    "Each target names an `accountId` from list_connected_accounts, and may set the `caption` (default: the script's post caption), YouTube's `title`, and `privacy`. " +
    'The video must be complete (get_video). Posting the same file again to an account needs `allowRepost: true`. ' +
    'Answers one publication per target; posting runs in the background. Next: get_publications with the scriptId.',
  input: publishRequestSchema.extend({ scriptId: scriptIdArgument }),
  output: z.object({
    publications: z.array(z.object({ id: z.string(), accountId: z.string(), platform: platformSchema, status: publicationStatusSchema })),
  }),
  readOnly: false,
  openWorld: true,
  async run({ scriptId, ...request }, { api }) {
    const result = await api.post<PublishResponse>(`/api/scripts/${encodeURIComponent(scriptId)}/publish`, request);
    return {
      structured: { publications: result.publications },
      text: `${result.publications.length} publication(s): ${result.publications.map((p) => `${p.platform} ${p.status} (${p.id})`).join(', ')}. Follow them with get_publications.`,
    };
  },
});

export const getPublications = defineTool({
  name: 'get_publications',
  title: 'Follow posts',
  description:
    "Lists the creator's posts, newest first, or only one script's with `scriptId`: each one's platform, account, status " +
    "(scheduled, queued, uploading, processing, published, failed, cancelled), upload progress, the post's URL once published and the error when it failed.",
  input: z.object({ scriptId: scriptIdArgument.optional() }),
  output: z.object({ publications: z.array(publicationSchema) }),
  readOnly: true,
  async run({ scriptId }, { api }) {
    const publications = await api.get<Publication[]>('/api/publications', { scriptId });
    return {
      structured: { publications },
      text:
        publications.map((p) => `${p.platform} ${p.status}${p.postUrl ? ` ${p.postUrl}` : ''}${p.error ? `: ${p.error}` : ''}`).join('; ') || 'No posts yet.',
    };
  },
});
