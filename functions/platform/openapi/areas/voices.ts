import { z } from 'zod';
import { uploadTicketSchema } from '../../../contract/uploads';
import {
  cloneFromUploadsSchema,
  cloneVoiceResultSchema,
  createdVoiceSchema,
  defaultVoiceSchema,
  deleteVoiceResultSchema,
  linkVoiceResultSchema,
  publicVoiceSchema,
  voiceSampleSchema,
} from '../../../contract/voices';
import { created, ok, type AreaDescriptions } from '../route-description';

/** Voices, their samples, and cloning. */
export const voicesRoutes: AreaDescriptions = {
  'GET /api/voices': {
    summary: 'List voices',
    operationId: 'listVoices',
    success: ok(z.array(publicVoiceSchema), 'The voices you can use, with the languages each speaks.'),
  },
  'POST /api/voices': {
    summary: 'Add a voice by its provider id',
    description: 'A developer’s test voice (ElevenLabs voice id); not a clone.',
    operationId: 'createVoice',
    success: created(createdVoiceSchema, 'The voice.'),
    errors: [403, 409],
  },
  'GET /api/voices/default/user': {
    summary: 'Get your default voice',
    operationId: 'getDefaultVoice',
    success: ok(defaultVoiceSchema, 'The voice used when a call names none.'),
  },
  'GET /api/voices/{id}/sample': {
    summary: 'Get a voice’s sample',
    operationId: 'getVoiceSample',
    success: ok(voiceSampleSchema, 'A short-lived URL of the sample, in the language asked for.'),
    errors: [404, 502],
  },
  'POST /api/tts/clone-voice': {
    summary: 'Clone a voice',
    description:
      'From 1–5 samples: multipart (`name`, `files`, `consent`), or JSON naming samples uploaded first with `POST /api/tts/clone-voice/upload-url`. Takes one of the plan’s voice-clone slots.',
    operationId: 'cloneVoice',
    success: created(cloneVoiceResultSchema, 'The cloned voice, now your default.'),
    errors: [403, 413, 415, 422, 502],
    jsonBody: cloneFromUploadsSchema,
    rawBody: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: ['name', 'files', 'consent'],
        properties: {
          name: { type: 'string', maxLength: 1000 },
          files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, maxItems: 5 },
          consent: { type: 'string', description: '`true`, `on`, `1` or `yes`: you have the speaker’s consent.' },
        },
      },
    },
  },
  'POST /api/tts/clone-voice/upload-url': {
    summary: 'Upload a voice sample',
    description: 'A presigned POST for one sample; send the file to `url` with `fields`, then name its `uploadId` in the clone call.',
    operationId: 'createVoiceSampleUpload',
    success: created(uploadTicketSchema, 'Where to send the file.'),
    errors: [413, 415],
  },
  'POST /api/user-voices': { summary: 'Use a voice as your default', operationId: 'linkVoice', success: ok(linkVoiceResultSchema, 'The link.'), errors: [404] },
  'DELETE /api/voices/{id}': {
    summary: 'Delete a cloned voice',
    operationId: 'deleteVoice',
    success: ok(deleteVoiceResultSchema, 'Deleted; the plan’s count now.'),
    errors: [404],
  },
};
