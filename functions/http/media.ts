import { ValidationError } from '../core/errors';
import {
  bulkDeleteSchema,
  bulkMoveSchema,
  completeUploadSchema,
  createFolderSchema,
  forceDeleteFolderSchema,
  idParams,
  listQuerySchema,
  proxyQuerySchema,
  renameFolderSchema,
  setActiveSchema,
  setTagsSchema,
  tagsInput,
  uploadUrlSchema,
} from '../core/media/schemas';
import { directUploadMaxBytes } from '../core/media/media-service';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId, type EndpointInput, type HttpResult } from '../platform/http/endpoint';
import { proxiedFile } from '../platform/http/proxied-file';
import { PayloadTooLargeError } from '../platform/http/transport-errors';
import type { RemoteMediaKind } from '../core/ports/remote-fetcher';

type AnyInput = EndpointInput<unknown, unknown, unknown>;
const media = (input: AnyInput) => input.request.container.media;

/** Our objects: a redirect to a short-lived presigned URL. Remote URLs: fetched under decision 8. */
async function proxy(input: EndpointInput<unknown, { url: string }, unknown>, kinds: readonly RemoteMediaKind[]): Promise<HttpResult> {
  const { url } = input.query;
  const userId = requireUserId(input);
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:\/\//i.test(url)) throw new ValidationError('Only http and https URLs can be fetched');
  if (!/^https?:\/\//i.test(url)) {
    const location = await media(input).ownObjectUrl(userId, url);
    // Cached a little less than the presigned URL lives, so a grid of thumbnails costs one call each.
    return { status: 302, headers: { location, 'cache-control': 'private, max-age=240' } };
  }
  // The one guarded fetcher (DESIGN decision 8) refuses anything but these kinds before reading the body.
  return proxiedFile(await media(input).fetchRemote(url, kinds));
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
  const tags = tagsInput.parse(form.get('tags') ?? undefined);
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
export const handler = createAreaHandler('media', {
  'GET /api/media': endpoint({
    query: listQuerySchema,
    handle: async (input) => ({ body: await input.request.container.media.list(requireUserId(input), input.query) }),
  }),

  'GET /api/media/audio': endpoint({
    handle: async (input) => ({ body: await input.request.container.media.listAudio(requireUserId(input)) }),
  }),

  'GET /api/media/folders': endpoint({
    handle: async (input) => ({ body: await input.request.container.media.listFolders(requireUserId(input)) }),
  }),

  'POST /api/media/folders': endpoint({
    body: createFolderSchema,
    handle: async (input) => ({ status: 201, body: await input.request.container.media.createFolder(requireUserId(input), input.body) }),
  }),

  'PATCH /api/media/folders/{id}': endpoint({
    params: idParams,
    body: renameFolderSchema,
    handle: async (input) => ({ body: await input.request.container.media.renameFolder(requireUserId(input), input.params.id, input.body.name) }),
  }),

  'DELETE /api/media/folders/{id}': endpoint({
    params: idParams,
    handle: async (input) => ({ body: await input.request.container.media.deleteFolder(requireUserId(input), input.params.id) }),
  }),

  'DELETE /api/media/folders/{id}/force': endpoint({
    params: idParams,
    body: forceDeleteFolderSchema,
    handle: async (input) => ({
      body: await input.request.container.media.forceDeleteFolder(requireUserId(input), input.params.id, input.body.replacementFolderId),
    }),
  }),

  'POST /api/media/upload-url': endpoint({
    body: uploadUrlSchema,
    handle: async (input) => ({ status: 201, body: await input.request.container.media.beginUpload(requireUserId(input), input.body) }),
  }),

  'POST /api/media/complete': endpoint({
    body: completeUploadSchema,
    handle: async (input) => ({ status: 201, body: await input.request.container.media.completeUpload(requireUserId(input), input.body.uploadId) }),
  }),

  'POST /api/media/upload': endpoint({
    handle: async (input) => {
      const file = await readMultipart(input);
      return { status: 201, body: await input.request.container.media.uploadDirect(requireUserId(input), file) };
    },
  }),

  'PATCH /api/media/bulk-move': endpoint({
    body: bulkMoveSchema,
    handle: async (input) => ({ body: await input.request.container.media.bulkMove(requireUserId(input), input.body.assetIds, input.body.folderId) }),
  }),

  'POST /api/media/bulk-delete': endpoint({
    body: bulkDeleteSchema,
    handle: async (input) => ({ body: await input.request.container.media.bulkDelete(requireUserId(input), input.body.ids) }),
  }),

  'DELETE /api/media/{id}': endpoint({
    params: idParams,
    handle: async (input) => ({ body: await input.request.container.media.deleteAsset(requireUserId(input), input.params.id) }),
  }),

  'PATCH /api/media/{id}': endpoint({
    params: idParams,
    body: setActiveSchema,
    handle: async (input) => ({ body: await input.request.container.media.setActive(requireUserId(input), input.params.id, input.body.isActive) }),
  }),

  'PATCH /api/media/{id}/tags': endpoint({
    params: idParams,
    body: setTagsSchema,
    handle: async (input) => ({ body: await input.request.container.media.setTags(requireUserId(input), input.params.id, input.body.tags) }),
  }),

  'POST /api/media/{id}/ai-tags': endpoint({
    params: idParams,
    handle: async (input) => ({ body: await input.request.container.media.aiTags(requireUserId(input), input.params.id) }),
  }),

  'GET /api/thumbnail-proxy': endpoint({
    query: proxyQuerySchema,
    handle: (input) => proxy(input, ['image']),
  }),

  'GET /api/media-proxy': endpoint({
    query: proxyQuerySchema,
    handle: (input) => proxy(input, ['image', 'video', 'audio']),
  }),
});
