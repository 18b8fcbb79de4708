import type { Script } from '../../contract/scripts';
import { RestError, type RestClient } from '../rest-client';

/** The API's own words for a script that is not the caller's (PATCH, convert-to-audio, generate-video say it too). */
export const scriptNotFound = 'Script not found';

/**
 * One script of the caller's, by id, in one read: `GET /api/scripts?limit=1&before=<id>0`. The list is newest
 * first by id and `before` starts after the id given; ids are 26-character ULIDs and `0` is their smallest
 * character, so no id lies between `<id>` and `<id>0` and the first script listed is this one, if the caller
 * has it. Another user's id finds nothing: the same 404 text as every other script route.
 */
export async function findScript(api: RestClient, scriptId: string): Promise<Script> {
  const id = scriptId.trim().toUpperCase();
  const listed = await api.get<Script[]>('/api/scripts', { limit: 1, before: `${id}0` });
  const script = Array.isArray(listed) ? listed[0] : undefined;
  if (!script || script.id !== id) throw new RestError(404, scriptNotFound);
  return script;
}
