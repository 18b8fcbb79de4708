import { z } from 'zod';

/**
 * The creator's own data: an export of everything they made and the closing of the account.
 * Both routes are `auth: 'session'` and, as every non-GET route, CSRF-checked.
 *
 * - `POST /api/account/export` (no body) → `AccountExport`: the ZIP is written to the bucket under
 *   `users/<id>/exports/` and answered as a short-lived download link (never as the Lambda's body).
 *   413 `EXPORT_TOO_LARGE` past `exportLimits`.
 * - `POST /api/account/delete` `CloseAccountRequest` → `{ message }`, the session's cookies cleared.
 *   403 `WRONG_PASSWORD`, 429 when the password was mistyped too often; a second call is 401 (the
 *   session ended with the account).
 */
export const exportLimits = {
  /** The sum of the media files' sizes the ZIP may carry. */
  maxBytes: 1024 ** 3,
  /** How many media files it may carry. */
  maxFiles: 5_000,
} as const;

export const accountMessages = {
  tooLarge: 'Your media is too large to export in one file. Delete or download some files first, or contact support.',
  wrongPassword: 'That password is not right',
  closed: 'Your account has been deleted',
} as const;

export const closeAccountSchema = z
  .object({
    /** The password typed again: a borrowed or stolen session alone cannot close the account. */
    password: z.string().min(1, 'Enter your password').max(256),
  })
  .strict();
export type CloseAccountRequest = z.infer<typeof closeAccountSchema>;

export interface AccountExport {
  /** A presigned GET of the ZIP (an attachment), valid `expiresInSeconds`. */
  url: string;
  fileName: string;
  expiresInSeconds: number;
  /** Media files and their bytes inside the ZIP (the JSON records come on top). */
  files: number;
  bytes: number;
}

/** `AccountExport` as a schema: the OpenAPI document's answer (platform/openapi). */
export const accountExportSchema: z.ZodType<AccountExport> = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresInSeconds: z.number(),
  files: z.number().int(),
  bytes: z.number().int(),
});
