import { z } from 'zod';
import type { CloneRequest } from '../core/voices/voice-clones';
import { voiceCloneMessages, voiceSampleRules } from '../contract/rules/voice-samples';
import {
  cloneFromUploadsSchema,
  createVoiceSchema,
  linkVoiceSchema,
  voiceIdParams,
  voiceListQuery,
  voiceSampleQuery,
  voiceSampleUploadSchema,
} from '../contract/voices';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, type EndpointInput } from '../platform/http/endpoint';
import { formOverheadBytes, readMultipartForm } from '../platform/http/multipart-file';
import { composeVoices, type VoicesDeps } from '../compose/voices';
import { PayloadTooLargeError } from '../platform/http/transport-errors';
import { parseOrRefuse } from '../platform/http/zod-issues';

/** The whole clone form: every sample at its largest, and room for the form's own fields. */
const cloneBodyMaxBytes = voiceSampleRules.maxFiles * voiceSampleRules.maxFileBytes + formOverheadBytes;

/** The form's text fields, bounded (a name is checked for emptiness by the service, with the product's (docs/product.md#voice-cloning) message). */
const cloneFields = z.object({
  name: z.string().max(1_000, voiceCloneMessages.nameTooLong).default(''),
  /** A checkbox's value; anything but a yes is no consent (400 with the consent message). */
  consent: z
    .string()
    .trim()
    .toLowerCase()
    .max(20, voiceCloneMessages.consentRequired)
    .optional()
    .transform((value) => value === 'true' || value === 'on' || value === '1' || value === 'yes'),
});

type CloneInput = EndpointInput<unknown, unknown, unknown, VoicesDeps, string>;

/**
 * The clone form as JSON, `{name, consent, uploads: [{uploadId, fileName, contentType}]}`,
 * parsed by the JSON body middleware (the route takes JSON too): clones from samples already in storage,
 * and removes them whatever the outcome (the clone keeps its own copies).
 */
async function cloneFromUploads(input: CloneInput, body: unknown) {
  const form = parseOrRefuse(cloneFromUploadsSchema, body);
  const { sampleUploads, clones } = input.deps;
  try {
    return await clones.clone(input.userId, await sampleUploads.collect(input.userId, form));
  } finally {
    await sampleUploads.discard(input.userId, form);
  }
}

/**
 * The product's (docs/product.md#voice-cloning) multipart clone form: `name`, one or more `files`, and `consent`. The
 * claimed types are carried along for the first check only; the service reads the bytes.
 */
async function readCloneForm(input: CloneInput): Promise<CloneRequest> {
  const { files, fields } = await readMultipartForm(input.request.event, {
    maxBodyBytes: cloneBodyMaxBytes,
    tooLarge: () => new PayloadTooLargeError(cloneBodyMaxBytes),
    fields: cloneFields,
    // One more than allowed is read, so the service refuses too many with its own message.
    files: { names: ['files', 'files[]', 'file'], atMost: voiceSampleRules.maxFiles + 1, defaultName: 'sample' },
    messages: {
      notMultipart: 'Send the voice samples as multipart/form-data, or as JSON naming their uploads',
      unreadable: 'The voice samples could not be read as multipart/form-data',
    },
  });
  return {
    name: fields.name,
    consent: fields.consent,
    files: files.map((file) => ({ fileName: file.fileName.slice(0, 200), contentType: file.contentType ?? '', bytes: file.bytes })),
  };
}

/** Voices and their samples, and cloning. */
const { signedIn, answers } = endpointsFor<VoicesDeps>();

export const handler = createAreaHandler('voices', composeVoices, {
  'GET /api/voices': answers({ query: voiceListQuery }, (input) => input.deps.voices.list(input.userId, { includeTest: input.query.include === 'test' })),

  'POST /api/voices': answers({ body: createVoiceSchema, status: 201 }, (input) => input.deps.voices.create(input.userId, input.body)),

  'GET /api/voices/default/user': signedIn({
    handle: async (input) => ({ body: { voice: await input.deps.voices.defaultFor(input.userId) } }),
  }),

  'GET /api/voices/{id}/sample': signedIn({
    params: voiceIdParams,
    query: voiceSampleQuery,
    handle: async (input) => ({
      body: { sampleAudioUrl: await input.deps.voices.sampleUrl(input.userId, input.params.id, input.query.language) },
    }),
  }),

  'POST /api/tts/clone-voice': signedIn({
    handle: async (input) => ({
      status: 201,
      body:
        input.request.body !== undefined
          ? await cloneFromUploads(input, input.request.body)
          : await input.deps.clones.clone(input.userId, await readCloneForm(input)),
    }),
  }),

  'POST /api/tts/clone-voice/upload-url': answers({ body: voiceSampleUploadSchema, status: 201 }, (input) =>
    input.deps.sampleUploads.begin(input.userId, input.body),
  ),

  'POST /api/user-voices': answers({ body: linkVoiceSchema }, (input) => input.deps.clones.link(input.userId, input.body)),

  'DELETE /api/voices/{id}': answers({ params: voiceIdParams }, (input) => input.deps.clones.remove(input.userId, input.params.id)),
});
