import { ValidationError } from '../../core/errors';

/**
 * Read-only fields on PUT and PATCH. A client that reads a resource and sends it back (a
 * template, a schedule, a script, the user) also sends the fields the server keeps: its id, owner,
 * timestamps and what the server works out (a schedule's next run, a script's render state, fields fixed
 * at creation). Each PUT/PATCH endpoint names those fields of its resource (`readOnly`, lists in the
 * contract beside the answer types); they are taken out of the body before its strict schema reads
 * it, so a field the resource does not have is still refused.
 *
 * A read-only field is ignored whatever its value, with one exception: an `id` must be the id of the
 * resource being written (the path's, or the signed-in user's on /api/user), else 400. A copy of a
 * timestamp or of the render state is stale as a rule (they move with every save and during a
 * render), so comparing them would refuse ordinary read-modify-write clients; a different id means the
 * body belongs to another resource, which is a client's mistake worth saying.
 */

export const fieldCannotChangeMessage = (field: string) => `${field} cannot be changed here`;
export const idMismatchMessage = 'id must be the id of the item being changed (it cannot be changed)';

/** `body` without the read-only `fields`; a 400 when `id` is one of them and names another resource than `resourceId`. */
export function withoutReadOnlyFields(body: unknown, fields: readonly string[], resourceId: string | undefined): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || fields.length === 0) return body;
  const source = body as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!fields.includes(key)) {
      kept[key] = value;
      continue;
    }
    if (key === 'id' && value !== undefined && !sameId(value, resourceId))
      throw new ValidationError(idMismatchMessage, [{ path: 'id', message: idMismatchMessage }], 'READ_ONLY_FIELD');
  }
  return kept;
}

/** Ids compare as our ids are written in paths: case aside (ULIDs are read upper-cased). */
function sameId(value: unknown, resourceId: string | undefined): boolean {
  if (resourceId === undefined) return true;
  return typeof value === 'string' && value.trim().toUpperCase() === resourceId.toUpperCase();
}

/**
 * 400 when `body` sends one of `guarded` with a value other than the resource's `current` one (the
 * account's identity and plan on PATCH /api/user): those are not stale copies but an attempt to change
 * what only the server changes.
 */
export function refuseChangedGuardedFields<T extends object>(body: unknown, current: T, guarded: readonly (keyof T & string)[]): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const sent = body as Record<string, unknown>;
  for (const field of guarded) {
    if (!Object.hasOwn(sent, field)) continue;
    if (JSON.stringify(sent[field]) !== JSON.stringify(current[field]))
      throw new ValidationError(fieldCannotChangeMessage(field), [{ path: field, message: fieldCannotChangeMessage(field) }], 'READ_ONLY_FIELD');
  }
}
