import useSWR from 'swr';

import { apiDelete, apiPost } from '@/lib/api-client';
import type { CreateScriptTemplateRequest, ScriptTemplate } from '@contract/generation';

/** Script templates of the generator. */
export const TEMPLATES_KEY = '/api/script-templates';

export function useScriptTemplates(enabled: boolean) {
  return useSWR<ScriptTemplate[]>(enabled ? TEMPLATES_KEY : null);
}

export const saveTemplate = (template: CreateScriptTemplateRequest) => apiPost<ScriptTemplate>(TEMPLATES_KEY, { ...template });

export const deleteTemplate = (id: string) => apiDelete(`${TEMPLATES_KEY}/${id}`);
