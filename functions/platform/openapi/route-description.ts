import type { z } from 'zod';

/** The error statuses a route may answer, each with the body `{ message, error, code?, details? }` (platform/http/error-mapper.ts). */
export const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 422, 429, 502, 503] as const;
export type ErrorStatus = (typeof errorStatuses)[number];

/** How a route's success answer is made: JSON (with its schema), no body, a redirect, or bytes of a type. */
export type SuccessAnswer =
  | { readonly status: 200 | 201 | 202; readonly schema: z.ZodType; readonly description: string }
  | { readonly status: 204; readonly description: string }
  | { readonly status: 302; readonly description: string }
  | { readonly status: 200; readonly binary: string; readonly description: string };

/** A request body that is not JSON (a multipart upload): its fields, described by hand as JSON Schema. */
export interface RawBody {
  readonly contentType: 'multipart/form-data';
  readonly schema: Readonly<Record<string, unknown>>;
}

/**
 * What the OpenAPI document says of one route beyond what its endpoint declares (the request's zod
 * schemas come from the endpoint itself, functions/http/<area>.ts): its summary, its answers, and whether an
 * API key may call it.
 */
export interface RouteDescription {
  readonly summary: string;
  readonly description?: string;
  /** camelCase and unique across the document. */
  readonly operationId: string;
  readonly success: SuccessAnswer;
  /** The named errors it can answer besides 400 (a bad request, always listed) and 401 (every signed-in route). */
  readonly errors?: readonly ErrorStatus[];
  /** A non-JSON body the endpoint reads itself (`rawBody` routes). */
  readonly rawBody?: RawBody;
  /** A JSON body the endpoint parses itself (a `jsonToo` route), when its endpoint declares none. */
  readonly jsonBody?: z.ZodType;
}

/** One area's descriptions, keyed by route key (`POST /api/scripts`): the unit test holds them to the route table. */
export type AreaDescriptions = Readonly<Record<string, RouteDescription>>;

export const ok = (schema: z.ZodType, description: string): SuccessAnswer => ({ status: 200, schema, description });
export const created = (schema: z.ZodType, description: string): SuccessAnswer => ({ status: 201, schema, description });
export const redirect = (description: string): SuccessAnswer => ({ status: 302, description });
