import { mutate } from 'swr';

import { apiDelete, apiPost } from '@/lib/api-client';
import { postToStorage } from '@/lib/storage-upload';
import { VOICES_KEY } from '@/lib/voices';
import type { CloneFromUploads, CloneVoiceResult, DeleteVoiceResult, LinkVoiceResult, VoiceSampleUploadTicket } from '@contract/voices';

/** The voice cloning calls. Each refreshes the voice lists and the usage numbers. */
const STATS_KEY = '/api/stats';

const refresh = () => Promise.all([mutate(VOICES_KEY), mutate(STATS_KEY), mutate('/api/voices/default/user')]);

/**
 * A clone in two steps: each sample goes straight to storage with a presigned POST
 * (`POST /api/tts/clone-voice/upload-url`), so ten samples of 10 MB fit where one request to the API
 * could carry about 6 MB; then `POST /api/tts/clone-voice` names them with the name and consent. The
 * product's (docs/product.md#voice-cloning) one multipart request still works for other clients. `onProgress` gets 0–99 over all the bytes, then 100 once they are all stored.
 */
export async function cloneVoice(input: {
  name: string;
  files: readonly File[];
  consent: boolean;
  onProgress?: (percent: number) => void;
}): Promise<CloneVoiceResult> {
  const total = input.files.reduce((sum, file) => sum + file.size, 0) || 1;
  let sent = 0;
  const uploads: CloneFromUploads['uploads'] = [];
  for (const file of input.files) {
    const ticket = await apiPost<VoiceSampleUploadTicket>('/api/tts/clone-voice/upload-url', { fileName: file.name, contentType: file.type, size: file.size });
    await postToStorage(ticket, file, (percent) => input.onProgress?.(Math.min(99, Math.round(((sent + (file.size * percent) / 100) / total) * 100))));
    sent += file.size;
    uploads.push({ uploadId: ticket.uploadId, fileName: file.name, contentType: ticket.contentType });
  }
  // Every byte is in storage: what remains is the server's (reading the samples, cloning).
  input.onProgress?.(100);
  const body: CloneFromUploads = { name: input.name, consent: input.consent, uploads };
  const result = await apiPost<CloneVoiceResult>('/api/tts/clone-voice', body);
  await refresh();
  return result;
}

/** DELETE /api/voices/{id}: the clone goes, here and at the provider, and the plan's count goes down. */
export async function deleteVoice(id: string): Promise<DeleteVoiceResult> {
  const result = await apiDelete<DeleteVoiceResult>(`/api/voices/${encodeURIComponent(id)}`);
  await refresh();
  return result;
}

/** POST /api/user-voices {voiceId, isDefault}. */
export async function makeDefaultVoice(voiceId: string): Promise<LinkVoiceResult> {
  const result = await apiPost<LinkVoiceResult>('/api/user-voices', { voiceId, isDefault: true });
  await refresh();
  return result;
}
