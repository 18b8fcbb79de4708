import { ValidationError } from '../core/errors';
import {
  assetReadOnlyFields,
  bulkDeleteSchema,
  bulkMoveSchema,
  completeUploadSchema,
  createFolderSchema,
  folderReadOnlyFields,
  forceDeleteFolderSchema,
  idParams,
  listQuerySchema,
  proxyQuerySchema,
  renameFolderSchema,
  setActiveSchema,
  setTagsSchema,
  tagsInput,
  uploadUrlSchema,
} from '../contract/media';
import { proxyMediaQuery } from '../contract/voices';
import { directUploadMaxBytes } from '../core/media/uploads';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, type EndpointInput, type HttpResult } from '../platform/http/endpoint';
import { composeMedia, type MediaDeps } from '../platform/compose/media';
import { proxiedFile } from '../platform/http/proxied-file';
import { PayloadTooLargeError } from '../platform/http/transport-errors';
import { describeIssues } from '../platform/http/zod-issues';
import type { RemoteMediaKind } from '../core/ports/remote-fetcher';

type AnyInput = EndpointInput<unknown, unknown, unknown, MediaDeps, string>;

/** Our objects: a redirect to a short-lived presigned URL. Remote URLs: fetched under decision 8. */
async function proxy(input: EndpointInput<unknown, { url: string }, unknown, MediaDeps, string>, kinds: readonly RemoteMediaKind[]): Promise<HttpResult> {
  const answer = await input.deps.ownedFiles.preview(input.userId, input.query.url, kinds);
  // Cached a little less than the presigned URL lives, so a grid of thumbnails costs one call each.
  if (answer.kind === 'redirect') return { status: 302, headers: { location: answer.location, 'cache-control': 'private, max-age=240' } };
  // The one guarded fetcher (DESIGN decision 8) refused anything but these kinds before reading the body.
  return proxiedFile(answer);
}

/** The spec's multipart upload: one file per request (field `file`), optional `tags` and `folderId`. */
async function readMultipart(input: AnyInput) {
  const event = input.request.event;
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw new ValidationError('Send the file as multipart/form-data');
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > directUploadMaxBytes + 64 * 1024) throw new PayloadTooLargeError(directUploadMaxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationError('The upload could not be read as multipart/form-data');
  }
  const files = form.getAll('file').filter((value) => typeof value !== 'string');
  if (files.length === 0) throw new ValidationError('Please select files to upload');
  if (files.length > 1) throw new ValidationError('One file per request');
  const file = files[0] as Blob & { name?: string };
  // The form's tags are held to the JSON calls' bounds: a 400 naming the bound, not a 500.
  const parsedTags = tagsInput.safeParse(form.get('tags') ?? undefined);
  if (!parsedTags.success) {
    const { message, details } = describeIssues(parsedTags.error);
    throw new ValidationError(message, details);
  }
  const tags = parsedTags.data;
  const folder = form.get('folderId');
  return {
    fileName: file.name || 'upload',
    contentType: file.type || undefined,
    bytes: new Uint8Array(await file.arrayBuffer()),
    tags,
    folderId: typeof folder === 'string' && folder && folder !== 'root' ? folder : null,
  };
}

/** The media library (spec 001 §2, §7; 000 §7 for the picker's calls). */
const { signedIn } = endpointsFor<MediaDeps>();

export const handler = createAreaHandler('media', composeMedia, {
  'GET /api/media': signedIn({
    query: listQuerySchema,
    handle: async (input) => ({ body: await input.deps.library.list(input.userId, input.query) }),
  }),

  'GET /api/media/audio': signedIn({
    handle: async (input) => ({ body: await input.deps.library.listAudio(input.userId) }),
  }),

  'GET /api/media/folders': signedIn({
    handle: async (input) => ({ body: await input.deps.folders.listFolders(input.userId) }),
  }),

  'POST /api/media/folders': signedIn({
    body: createFolderSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.folders.createFolder(input.userId, input.body) }),
  }),

  'PATCH /api/media/folders/{id}': signedIn({
    params: idParams,
    body: renameFolderSchema,
    readOnly: folderReadOnlyFields,
    handle: async (input) => ({ body: await input.deps.folders.renameFolder(input.userId, input.params.id, input.body.name) }),
  }),

  'DELETE /api/media/folders/{id}': signedIn({
    params: idParams,
    handle: async (input) => ({ body: await input.deps.folders.deleteFolder(input.userId, input.params.id) }),
  }),

  'DELETE /api/media/folders/{id}/force': signedIn({
    params: idParams,
    body: forceDeleteFolderSchema,
    handle: async (input) => ({
      body: await input.deps.folders.forceDeleteFolder(input.userId, input.params.id, input.body.replacementFolderId),
    }),
  }),

  'POST /api/media/upload-url': signedIn({
    body: uploadUrlSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.uploads.beginUpload(input.userId, input.body) }),
  }),

  'POST /api/media/complete': signedIn({
    body: completeUploadSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.uploads.completeUpload(input.userId, input.body.uploadId) }),
  }),

  'POST /api/media/upload': signedIn({
    handle: async (input) => {
      const file = await readMultipart(input);
      return { status: 201, body: await input.deps.uploads.uploadDirect(input.userId, file) };
    },
  }),

  'PATCH /api/media/bulk-move': signedIn({
    body: bulkMoveSchema,
    readOnly: [],
    handle: async (input) => ({ body: await input.deps.library.bulkMove(input.userId, input.body.assetIds, input.body.folderId) }),
  }),

  'POST /api/media/bulk-delete': signedIn({
    body: bulkDeleteSchema,
    handle: async (input) => ({ body: await input.deps.library.bulkDelete(input.userId, input.body.ids) }),
  }),

  'DELETE /api/media/{id}': signedIn({
    params: idParams,
    handle: async (input) => ({ body: await input.deps.library.deleteAsset(input.userId, input.params.id) }),
  }),

  'PATCH /api/media/{id}': signedIn({
    params: idParams,
    body: setActiveSchema,
    readOnly: assetReadOnlyFields,
    handle: async (input) => ({ body: await input.deps.library.setActive(input.userId, input.params.id, input.body.isActive) }),
  }),

  'PATCH /api/media/{id}/tags': signedIn({
    params: idParams,
    body: setTagsSchema,
    readOnly: assetReadOnlyFields,
    handle: async (input) => ({ body: await input.deps.library.setTags(input.userId, input.params.id, input.body.tags) }),
  }),

  'POST /api/media/{id}/ai-tags': signedIn({
    params: idParams,
    handle: async (input) => ({ body: await input.deps.library.aiTags(input.userId, input.params.id) }),
  }),

  'GET /api/thumbnail-proxy': signedIn({
    query: proxyQuerySchema,
    handle: (input) => proxy(input, ['image']),
  }),

  'GET /api/media-proxy': signedIn({
    query: proxyQuerySchema,
    handle: (input) => proxy(input, ['image', 'video', 'audio']),
  }),

  // A voice sample or a user's media URL for the players (DESIGN decision 8: our own keys presigned, others fetched guarded).
  'GET /api/proxy-media': signedIn({
    query: proxyMediaQuery,
    handle: async (input): Promise<HttpResult> => {
      const answer = await input.deps.ownedFiles.resolve(input.userId, input.query.url);
      if (answer.kind === 'redirect') return { status: 302, headers: { location: answer.location } };
      return proxiedFile(answer);
    },
  }),
});
