import { useCallback, useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';

import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';

/** Scripts and their generation (spec 000 sections 3, 7). */
export type GenerationStatus = 'idle' | 'generating' | 'complete' | 'failed';

export interface Script {
  id: string;
  title: string;
  scriptContent: string;
  postCaption: string | null;
  isActive: boolean;
  audioUrl: string | null;
  videoUrl: string | null;
  audioGenerationStatus: GenerationStatus;
  videoGenerationStatus: GenerationStatus;
  topic: string | null;
  duration: string | null;
  voiceId: string | null;
  source: 'openai' | 'offline' | 'manual';
  createdAt: string;
}

export interface GeneratedScript {
  title: string;
  content: string;
  platform: string;
  duration: string;
  hashtags: string[];
  hookSuggestion: string;
  postCaption: string;
  source: 'openai' | 'offline';
}

export interface GenerateScriptsInput {
  topic: string;
  platform: string;
  toneStyle: string;
  duration: string;
  scriptCount: number;
  extraInstructions: string;
  subjectCategory: string;
  preferredFolderId: string;
}

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
        if (message.type === 'scripts' || message.type === 'script-update') void mutate();
      }),
    [realtime, mutate],
  );
  const pages = result.data ?? [];
  const scripts = pages.flat();
  const hasMore = (pages[pages.length - 1]?.length ?? 0) === PAGE_SIZE;
  const loadMore = useCallback(() => void result.setSize((size) => size + 1), [result]);
  return { ...result, scripts, hasMore, loadMore };
}

export const generateScripts = (input: GenerateScriptsInput) =>
  apiPost<{ scripts: GeneratedScript[]; tokensUsed: number; source: 'openai' | 'offline' }>('/api/generate-scripts', { ...input });

export const generateQuote = (prompt: string) => apiPost<{ quote: string }>('/api/generate-quote', { prompt });

export const saveScript = (fields: Record<string, unknown>) => apiPost<Script>(SCRIPTS_KEY, fields);

export const updateScript = (id: string, fields: Record<string, unknown>) => apiPatch<Script>(`${SCRIPTS_KEY}/${id}`, fields);

export const deleteScript = (id: string) => apiDelete(`${SCRIPTS_KEY}/${id}`);

export const regenerateScript = (id: string) => apiPost<{ script: Script; tokensUsed: number }>(`${SCRIPTS_KEY}/${id}/regenerate`);

/** The token-limit refusal (403 `Script token limit reached` with `details`), if that is what `error` is. */
export function tokenLimitDetails(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const body = (error.body ?? {}) as { message?: unknown; details?: unknown };
  if (body.message !== 'Script token limit reached') return undefined;
  return typeof body.details === 'string' ? body.details : '';
}

/** The server's message for a failed call, or the spec's fallback text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}
