import { z } from 'zod';
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
import { composeMedia, type MediaDeps } from '../compose/media';
import { readMultipartFile } from '../platform/http/multipart-file';
import { proxiedFile } from '../platform/http/proxied-file';
import { PayloadTooLargeError } from '../platform/http/transport-errors';
import type { RemoteMediaKind } from '../core/ports/remote-fetcher';

type AnyInput = EndpointInput<unknown, unknown, unknown, MediaDeps, string>;

/** Our objects: a redirect to a short-lived presigned URL. Remote URLs: fetched under the outbound URL guard. */
async function proxy(input: EndpointInput<unknown, { url: string }, unknown, MediaDeps, string>, kinds: readonly RemoteMediaKind[]): Promise<HttpResult> {
  const answer = await input.deps.ownedFiles.preview(input.userId, input.query.url, kinds);
  // Cached a little less than the presigned URL lives, so a grid of thumbnails costs one call each.
  if (answer.kind === 'redirect') return { status: 302, headers: { location: answer.location, 'cache-control': 'private, max-age=240' } };
  // The one guarded fetcher refused anything but these kinds before reading the body.
  return proxiedFile(answer);
}

/**
 * The product's (docs/product.md#media) multipart upload's fields: `tags`, held to the JSON calls' bounds (a 400 naming the bound,
 * not a 500), and `folderId` (`root` or nothing is the root).
 */
const uploadFormFields = z.object({
  tags: tagsInput,
  folderId: z
    .string()
    .optional()
    .transform((folder) => (folder && folder !== 'root' ? folder : null)),
});

/** The product's (docs/product.md#media) multipart upload: one file per request (field `file`), optional `tags` and `folderId`. */
async function readMultipart(input: AnyInput) {
  const { file, fields } = await readMultipartFile(input.request.event, {
    field: 'file',
    maxBytes: directUploadMaxBytes,
    tooLarge: () => new PayloadTooLargeError(directUploadMaxBytes),
    missing: 'Please select files to upload',
    fields: uploadFormFields,
  });
  return { ...file, ...fields };
}

/** The media library (for the picker's calls). */
const { signedIn, answers } = endpointsFor<MediaDeps>();

export const handler = createAreaHandler('media', composeMedia, {
  'GET /api/media': answers({ query: listQuerySchema }, (input) => input.deps.library.list(input.userId, input.query)),

  'GET /api/media/audio': answers((input) => input.deps.library.listAudio(input.userId)),

  'GET /api/media/folders': answers((input) => input.deps.folders.listFolders(input.userId)),

  'POST /api/media/folders': answers({ body: createFolderSchema, status: 201 }, (input) => input.deps.folders.createFolder(input.userId, input.body)),

  'PATCH /api/media/folders/{id}': answers({ params: idParams, body: renameFolderSchema, readOnly: folderReadOnlyFields }, (input) =>
    input.deps.folders.renameFolder(input.userId, input.params.id, input.body.name),
  ),

  'DELETE /api/media/folders/{id}': answers({ params: idParams }, (input) => input.deps.folders.deleteFolder(input.userId, input.params.id)),

  'DELETE /api/media/folders/{id}/force': answers({ params: idParams, body: forceDeleteFolderSchema }, (input) =>
    input.deps.folders.forceDeleteFolder(input.userId, input.params.id, input.body.replacementFolderId),
  ),

  'POST /api/media/upload-url': answers({ body: uploadUrlSchema, status: 201 }, (input) => input.deps.uploads.beginUpload(input.userId, input.body)),

  'POST /api/media/complete': answers({ body: completeUploadSchema, status: 201 }, (input) =>
    input.deps.uploads.completeUpload(input.userId, input.body.uploadId),
  ),

  'POST /api/media/upload': signedIn({
    handle: async (input) => {
      const file = await readMultipart(input);
      return { status: 201, body: await input.deps.uploads.uploadDirect(input.userId, file) };
    },
  }),

  'PATCH /api/media/bulk-move': answers({ body: bulkMoveSchema, readOnly: [] }, (input) =>
    input.deps.library.bulkMove(input.userId, input.body.assetIds, input.body.folderId),
  ),

  'POST /api/media/bulk-delete': answers({ body: bulkDeleteSchema }, (input) => input.deps.library.bulkDelete(input.userId, input.body.ids)),

  'DELETE /api/media/{id}': answers({ params: idParams }, (input) => input.deps.library.deleteAsset(input.userId, input.params.id)),

  'PATCH /api/media/{id}': answers({ params: idParams, body: setActiveSchema, readOnly: assetReadOnlyFields }, (input) =>
    input.deps.library.setActive(input.userId, input.params.id, input.body.isActive),
  ),

  'PATCH /api/media/{id}/tags': answers({ params: idParams, body: setTagsSchema, readOnly: assetReadOnlyFields }, (input) =>
    input.deps.library.setTags(input.userId, input.params.id, input.body.tags),
  ),

  'POST /api/media/{id}/ai-tags': answers({ params: idParams }, (input) => input.deps.library.aiTags(input.userId, input.params.id)),

  'GET /api/thumbnail-proxy': signedIn({
    query: proxyQuerySchema,
    handle: (input) => proxy(input, ['image']),
  }),

  'GET /api/media-proxy': signedIn({
    query: proxyQuerySchema,
    handle: (input) => proxy(input, ['image', 'video', 'audio']),
  }),

  // A voice sample or a user's media URL for the players (our own keys presigned, others fetched guarded).
  'GET /api/proxy-media': signedIn({
    query: proxyMediaQuery,
    handle: async (input): Promise<HttpResult> => {
      const answer = await input.deps.ownedFiles.resolve(input.userId, input.query.url);
      if (answer.kind === 'redirect') return { status: 302, headers: { location: answer.location } };
      return proxiedFile(answer);
    },
  }),
});
