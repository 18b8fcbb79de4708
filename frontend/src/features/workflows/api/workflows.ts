import useSWR from 'swr';

import { ApiError, apiDelete, apiGet, apiPatch, apiPost, apiPut } from '@/lib/api-client';
import { useFolders } from '@/lib/folders';
import type { MediaPage, PublicAsset } from '@contract/media';
import type { ConnectedAccount } from '@contract/publishing';
import type {
  AutomationSchedule,
  CreateScheduleRequest,
  CreateTemplateRequest,
  TestWorkflowResult,
  UpdateScheduleRequest,
  UpdateTemplateRequest,
  VideoTemplate,
  WorkflowMessage,
} from '@contract/workflows';

/**
 * The Workflows page's calls: templates, automation schedules, Test Workflow, and
 * the media lists the template dialog reads (features do not import each other: the folders come from the shared lib).
 * Lists are read fresh when the page opens (the app's cache never goes stale by itself).
 */
export const TEMPLATES_KEY = '/api/templates';
export const SCHEDULES_KEY = '/api/automation-schedules';
export const AUDIO_KEY = '/api/media/audio';
/** The assets a template can be given: the newest 100 (prefetch). */
export const ASSETS_KEY = '/api/media?page=1&limit=100';

const fresh = { revalidateOnMount: true } as const;

export function useTemplates() {
  return useSWR<VideoTemplate[]>(TEMPLATES_KEY, () => apiGet<VideoTemplate[]>(TEMPLATES_KEY), fresh);
}

export function useSchedules() {
  return useSWR<AutomationSchedule[]>(SCHEDULES_KEY, () => apiGet<AutomationSchedule[]>(SCHEDULES_KEY), fresh);
}

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export const createTemplate = (body: CreateTemplateRequest) => apiPost<VideoTemplate>(TEMPLATES_KEY, { ...body });
export const updateTemplate = (id: string, body: UpdateTemplateRequest) => apiPut<VideoTemplate>(at(TEMPLATES_KEY, id), { ...body });
export const deleteTemplate = (id: string) => apiDelete<WorkflowMessage>(at(TEMPLATES_KEY, id));

export const createSchedule = (body: CreateScheduleRequest) => apiPost<AutomationSchedule>(SCHEDULES_KEY, { ...body });
export const updateSchedule = (id: string, body: UpdateScheduleRequest) => apiPatch<AutomationSchedule>(at(SCHEDULES_KEY, id), { ...body });
export const deleteSchedule = (id: string) => apiDelete<WorkflowMessage>(at(SCHEDULES_KEY, id));
export const testSchedule = (id: string) => apiPost<TestWorkflowResult>(`${at(SCHEDULES_KEY, id)}/test`, {});

/** The template dialog's lists; read when it opens. */
export function useTemplateChoices(open: boolean) {
  const audio = useSWR<PublicAsset[]>(open ? AUDIO_KEY : null, () => apiGet<PublicAsset[]>(AUDIO_KEY), fresh);
  const { folders } = useFolders({ enabled: open, fresh: true });
  const assets = useSWR<MediaPage>(open ? ASSETS_KEY : null, () => apiGet<MediaPage>(ASSETS_KEY), fresh);
  return {
    audio: Array.isArray(audio.data) ? audio.data : [],
    folders,
    assets: (assets.data?.items ?? []).filter((asset) => !asset.fileType.includes('audio')),
    loadingAssets: assets.isLoading,
  };
}

/** A 409 on deleting a template: the server's message names the schedules that use it. */
export function conflictText(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409 ? error.serverMessage : undefined;
}

/** The connected accounts a schedule can post to (the key Settings and the card use, so SWR shares it). */
export function useScheduleAccounts(enabled: boolean) {
  return useSWR<ConnectedAccount[]>(enabled ? '/api/publishing/accounts' : null, () => apiGet<ConnectedAccount[]>('/api/publishing/accounts'));
}
