import { z } from 'zod';

/**
 * A record's id in a path (`/api/scripts/{id}`, `/api/script-templates/{id}`): trimmed, at most 100
 * characters, upper-cased. Our ids are ULIDs, written in upper case, so `01j…` names the same record as
 * `01J…`. Any other string passes on to the lookup, which finds nothing: an id that is not one of the
 * caller's own is a 404, malformed or not.
 */
export const idParam = z
  .string()
  .trim()
  .max(100)
  .transform((id) => id.toUpperCase());

export const idParams = z.object({ id: idParam });
