import { z } from 'zod';
import {
  aiTagsResultSchema,
  assetDeletedSchema,
  bulkDeletedSchema,
  bulkMovedSchema,
  folderDeletedSchema,
  mediaPageSchema,
  publicAssetSchema,
  publicFolderSchema,
} from '../../../contract/media';
import { uploadTicketSchema } from '../../../contract/uploads';
import { created, ok, redirect, type AreaDescriptions } from '../route-description';

const preview = (summary: string, operationId: string): AreaDescriptions[string] => ({
  summary,
  description: 'Your own file: a redirect to a short-lived URL. Another address: fetched under the URL guard and answered as it is.',
  operationId,
  success: redirect('The file’s short-lived URL.'),
  errors: [404, 413, 415],
});

/** The media library: uploads, folders, tags, previews. */
export const mediaRoutes: AreaDescriptions = {
  'GET /api/media': { summary: 'List media', operationId: 'listMedia', success: ok(mediaPageSchema, 'A page of your files and your storage.'), errors: [404] },
  'GET /api/media/audio': {
    summary: 'List audio files',
    operationId: 'listAudio',
    success: ok(z.array(publicAssetSchema), 'Your audio files (music for videos).'),
  },
  'GET /api/media/folders': { summary: 'List folders', operationId: 'listFolders', success: ok(z.array(publicFolderSchema), 'Your folders.') },
  'POST /api/media/folders': {
    summary: 'Create a folder',
    operationId: 'createFolder',
    success: created(publicFolderSchema, 'The folder.'),
    errors: [403, 404, 409],
  },
  'PATCH /api/media/folders/{id}': {
    summary: 'Rename a folder',
    operationId: 'renameFolder',
    success: ok(publicFolderSchema, 'The folder.'),
    errors: [404, 409],
  },
  'DELETE /api/media/folders/{id}': {
    summary: 'Delete an empty folder',
    operationId: 'deleteFolder',
    success: ok(folderDeletedSchema, 'Deleted.'),
    errors: [404, 409],
  },
  'DELETE /api/media/folders/{id}/force': {
    summary: 'Delete a folder and move its files',
    operationId: 'forceDeleteFolder',
    success: ok(folderDeletedSchema, 'Deleted; its files and scripts moved.'),
    errors: [404],
  },
  'POST /api/media/upload-url': {
    summary: 'Start an upload',
    description: 'A presigned POST for one file (up to 50 MB): send it to `url` with `fields`, then call `POST /api/media/complete`.',
    operationId: 'createMediaUpload',
    success: created(uploadTicketSchema, 'Where to send the file.'),
    errors: [403, 413, 415],
  },
  'POST /api/media/complete': {
    summary: 'Finish an upload',
    description: 'The file is checked (type, ffprobe) and kept, or deleted with the reason.',
    operationId: 'completeMediaUpload',
    success: created(publicAssetSchema, 'The file, kept.'),
    errors: [403, 404, 409, 413, 415, 422],
  },
  'POST /api/media/upload': {
    summary: 'Upload a small file',
    description: 'One file in a multipart body (at most the API’s request size); larger files go through `POST /api/media/upload-url`.',
    operationId: 'uploadMedia',
    success: created(publicAssetSchema, 'The file, kept.'),
    errors: [403, 413, 415, 422],
    rawBody: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', contentMediaType: 'application/octet-stream' },
          tags: { type: 'string', description: 'Comma-separated tags.' },
          folderId: { type: 'string', description: 'A folder’s id, or `root`.' },
        },
      },
    },
  },
  'PATCH /api/media/bulk-move': { summary: 'Move files', operationId: 'moveMedia', success: ok(bulkMovedSchema, 'Moved.'), errors: [404] },
  'POST /api/media/bulk-delete': { summary: 'Delete files', operationId: 'deleteMediaInBulk', success: ok(bulkDeletedSchema, 'Deleted.'), errors: [404] },
  'DELETE /api/media/{id}': { summary: 'Delete a file', operationId: 'deleteMedia', success: ok(assetDeletedSchema, 'Deleted.'), errors: [404] },
  'PATCH /api/media/{id}': { summary: 'Turn a file on or off', operationId: 'setMediaActive', success: ok(publicAssetSchema, 'The file.'), errors: [404] },
  'PATCH /api/media/{id}/tags': { summary: 'Set a file’s tags', operationId: 'setMediaTags', success: ok(publicAssetSchema, 'The file.'), errors: [404] },
  'POST /api/media/{id}/ai-tags': {
    summary: 'Suggest tags for a file',
    operationId: 'suggestMediaTags',
    success: ok(aiTagsResultSchema, 'The tags added and the file.'),
    errors: [404],
  },
  'GET /api/thumbnail-proxy': preview('Get an image preview', 'getThumbnail'),
  'GET /api/media-proxy': preview('Get a media preview', 'getMediaPreview'),
  'GET /api/proxy-media': preview('Get a media file for a player', 'getMediaForPlayer'),
};
