import { mutate } from 'swr';

import { apiDelete, apiPost } from '@/lib/api-client';
import { VOICES_KEY } from '@/lib/voices';
import type { CloneVoiceResult, DeleteVoiceResult, LinkVoiceResult } from '@contract/voices';

/** The voice cloning calls (spec 001 section 7; issue 14). Each refreshes the voice lists and the usage numbers. */
const STATS_KEY = '/api/stats';

const refresh = () => Promise.all([mutate(VOICES_KEY), mutate(STATS_KEY), mutate('/api/voices/default/user')]);

/** POST /api/tts/clone-voice: multipart `name`, `files` (one part per sample) and `consent`. */
export async function cloneVoice(input: { name: string; files: readonly File[]; consent: boolean }): Promise<CloneVoiceResult> {
  const form = new FormData();
  form.append('name', input.name);
  for (const file of input.files) form.append('files', file, file.name);
  form.append('consent', input.consent ? 'true' : 'false');
  const result = await apiPost<CloneVoiceResult>('/api/tts/clone-voice', form);
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
