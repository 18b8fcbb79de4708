import { convertToAudioResultSchema, videoPreviewResultSchema } from '../../../contract/video';
import { ok, redirect, type AreaDescriptions } from '../route-description';

/** Voice-overs, previews and playback of your own audio and video. */
export const voiceoverRoutes: AreaDescriptions = {
  'POST /api/scripts/{id}/convert-to-audio': {
    summary: 'Make a script’s voice-over',
    description: 'Synthesised now (the answer waits for it). Spends audio minutes.',
    operationId: 'makeVoiceOver',
    success: ok(convertToAudioResultSchema, 'The voice-over and the script that holds it.'),
    errors: [403, 404, 409, 502],
  },
  'POST /api/scripts/{id}/preview': {
    summary: 'Preview a cut',
    description: 'A low-resolution render of the segments and caption settings sent; nothing is saved.',
    operationId: 'previewVideo',
    success: ok(videoPreviewResultSchema, 'A short-lived URL of the preview.'),
    errors: [404, 409, 422],
  },
  'GET /api/audio/{file}': {
    summary: 'Play or download a voice-over',
    description: '`?download=1` names the file after the script.',
    operationId: 'getAudioFile',
    success: redirect('A short-lived URL of the file.'),
    errors: [404],
  },
  'GET /api/video/{file}': {
    summary: 'Play or download a video',
    description: '`?download=1` names the file after the script.',
    operationId: 'getVideoFile',
    success: redirect('A short-lived URL of the file.'),
    errors: [404],
  },
};
