import useSWR from 'swr';

import { apiDelete, apiPost } from '@/lib/api-client';

/** Script templates of the generator (spec 000 sections 3, 5, 7). */
export interface ScriptTemplate {
  id: string;
  name: string;
  topic: string | null;
  subjectCategory: string | null;
  duration: string | null;
  scriptCount: number;
  extraInstructions: string | null;
  voiceSelection: string | null;
}

export const TEMPLATES_KEY = '/api/script-templates';

export function useScriptTemplates(enabled: boolean) {
  return useSWR<ScriptTemplate[]>(enabled ? TEMPLATES_KEY : null);
}

export const saveTemplate = (template: Omit<ScriptTemplate, 'id'>) => apiPost<ScriptTemplate>(TEMPLATES_KEY, { ...template });

export const deleteTemplate = (id: string) => apiDelete(`${TEMPLATES_KEY}/${id}`);
