import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * What zod cannot say in JSON Schema: the output of a transform (`storedLanguageSchema` reads any stored
 * value and answers a language code). Each is said by hand, as the value is on the wire, and registered by
 * the schema object itself, so it holds wherever that schema is used. Only answers need it: a request is
 * converted with `io: 'input'`, where a transform's input side is an ordinary schema.
 */
const outputOverrides = new WeakMap<z.ZodType, JsonSchema>();

export function answeredAs<T extends z.ZodType>(schema: T, jsonSchema: JsonSchema): T {
  outputOverrides.set(schema, jsonSchema);
  return schema;
}

/** The zod types JSON Schema has no word for (zod writes `{}` for them with `unrepresentable: 'any'`). */
const unrepresentable = new Set(['transform', 'custom', 'bigint', 'symbol', 'undefined', 'void', 'date', 'map', 'set', 'function', 'promise', 'nan', 'file']);

export interface Converted {
  schema: JsonSchema;
  /** Where zod wrote `{}` for a schema it cannot represent and nothing said it by hand (the unit test keeps this empty). */
  unrepresented: string[];
}

/**
 * A zod schema as JSON Schema draft 2020-12, OpenAPI 3.1's dialect: `io: 'input'` for what a client sends
 * (before defaults and transforms), `'output'` for what the server answers.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Converted {
  const blanks: string[] = [];
  const overridden: string[] = [];
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (context) => {
      const where = `/${context.path.join('/')}`;
      const own = io === 'output' ? outputOverrides.get(context.zodSchema as unknown as z.ZodType) : undefined;
      const json = context.jsonSchema as JsonSchema;
      if (own) {
        for (const key of Object.keys(json)) delete json[key];
        Object.assign(json, structuredClone(own));
        overridden.push(where);
        return;
      }
      const type = context.zodSchema._zod.def.type;
      if (Object.keys(json).length === 0 && unrepresentable.has(type)) blanks.push(`${type} at ${where}`);
    },
  }) as JsonSchema;
  delete converted.$schema;
  // A transform inside a schema said by hand is not a gap (children are visited before their parent).
  const unrepresented = blanks.filter((blank) => !overridden.some((path) => blank.endsWith(` at ${path}`) || blank.includes(` at ${path}/`)));
  return { schema: converted, unrepresented };
}
