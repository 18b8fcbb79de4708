import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';

import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import type { GenerateScriptsRequest, GenerationResult } from '@contract/generation';
import type { LanguageCode, TranslateScriptResult, TranslationAvailability } from '@contract/languages';
import { requestTimeout } from '@contract/rules/request-timeout';
import type { Script } from '@contract/scripts';
import type { ConvertToAudioResult, GenerateVideoResult } from '@contract/video';

import type { CaptionSettings } from '../lib/caption-settings';
import type { VideoMetadata } from '../lib/segments';

/** Scripts and their generation: the calls; what they send and answer is the contract's. */
export const SCRIPTS_KEY = '/api/scripts';
export const PAGE_SIZE = 50;

function pageKey(index: number, previous: Script[] | null): string | null {
  if (index === 0) return `${SCRIPTS_KEY}?limit=${PAGE_SIZE}`;
  if (!previous || previous.length < PAGE_SIZE) return null;
  return `${SCRIPTS_KEY}?limit=${PAGE_SIZE}&before=${previous[previous.length - 1]?.id ?? ''}`;
}

/**
 * The user's scripts, newest first, a page of 50 at a time. A `scripts` message on the realtime
 * socket (any change from any tab or the pipeline) refreshes the list.
 */
export function useScripts() {
  const result = useSWRInfinite<Script[]>(pageKey, (key: string) => apiGet<Script[]>(key), { revalidateFirstPage: true });
  const { mutate } = result;
  const realtime = useRealtime();
  useEffect(() => realtime.subscribe(['scripts']), [realtime]);
  useEffect(
    () =>
      realtime.onMessage((message) => {
        // A script-update that only carries render progress (one a second) does not refetch the list.
        const changed =
          message.type === 'script-update' &&
          (message.audioGenerationStatus !== undefined || message.videoGenerationStatus !== undefined || message.hasNewVideo !== undefined);
        if (message.type === 'scripts' || changed) void mutate();
      }),
    [realtime, mutate],
  );
  const pages = result.data ?? [];
  const scripts = pages.flat();
  const hasMore = (pages[pages.length - 1]?.length ?? 0) === PAGE_SIZE;
  const loadMore = useCallback(() => void result.setSize((size) => size + 1), [result]);
  return { ...result, scripts, hasMore, loadMore };
}

export const generateScripts = (input: GenerateScriptsRequest) => apiPost<GenerationResult>('/api/generate-scripts', { ...input });

export const generateQuote = (prompt: string) => apiPost<{ quote: string }>('/api/generate-quote', { prompt });

export const saveScript = (fields: Record<string, unknown>) => apiPost<Script>(SCRIPTS_KEY, fields);

export const updateScript = (id: string, fields: Record<string, unknown>) => apiPatch<Script>(`${SCRIPTS_KEY}/${id}`, fields);

export const deleteScript = (id: string) => apiDelete(`${SCRIPTS_KEY}/${id}`);

export const regenerateScript = (id: string) => apiPost<{ script: Script; tokensUsed: number }>(`${SCRIPTS_KEY}/${id}/regenerate`);

/** POST convert-to-audio (docs/pipeline-contract.md): synchronous, answers with the updated script. */
export const convertToAudio = (id: string) => apiPost<ConvertToAudioResult>(`${SCRIPTS_KEY}/${id}/convert-to-audio`, {});

/** POST generate-video: 202 once the render has started; progress arrives as `script-update` messages. */
export const generateVideo = (id: string, body: { captionSettings: CaptionSettings; videoMetadata: VideoMetadata }) =>
  apiPost<GenerateVideoResult>(`${SCRIPTS_KEY}/${id}/generate-video`, { ...body });

/**
 * What a refusal says, for a toast's description: the server's message and details on a 4xx (e.g. 403
 * `Audio minutes limit reached` with `You have used …`); nothing for a 5xx or a network failure, except the
 * server's answer to a request that ran out of time, which says what to do.
 */
export function refusalDescription(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as { details?: unknown; code?: unknown };
  if (error.status >= 500 && body.code !== requestTimeout.code) return undefined;
  const parts = [error.serverMessage, typeof body.details === 'string' ? body.details : undefined].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' — ') : undefined;
}

/** The token-limit refusal (403 `Script token limit reached` with `details`), if that is what `error` is. */
export function tokenLimitDetails(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const body = (error.body ?? {}) as { message?: unknown; details?: unknown };
  if (body.message !== 'Script token limit reached') return undefined;
  return typeof body.details === 'string' ? body.details : '';
}

/** POST translate: the script re-made in each language, each a new script (`render`: voiced and rendered too). */
/** Whether this server translates (an OpenAI key is set); read once a session, since it changes only with the server's settings. */
export function useTranslationAvailability() {
  return useSWR<TranslationAvailability>('/api/translation', { revalidateOnFocus: false, revalidateIfStale: false });
}

export const translateScript = (id: string, body: TranslateScriptRequest) => apiPost<TranslateScriptResult>(`${SCRIPTS_KEY}/${id}/translate`, { ...body });

export interface TranslateScriptRequest {
  languages: LanguageCode[];
  render: boolean;
}
