import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { IndexName } from '../../../platform/table-schema';

/**
 * Entity definitions that write their own keys (STYLE point 7, after ElectroDB): one definition per
 * record type says how the table key, every index key and every stored derived attribute are built
 * from the record, and which of the record's fields each reads. Repositories write items with
 * `item(record)` and changes with `changes(record, fields)`, so an index's logic lives once, here,
 * instead of in every write that moves an item.
 */

type Field<R> = keyof R & string;

/** One attribute built from the record: the fields it reads, and how. */
export interface Derived<R, V = string> {
  uses: readonly Field<R>[];
  build(record: R): V;
}

/** A secondary index the entity is written to: attributes `<index>pk` and `<index>sk`. */
export interface IndexDefinition<R> {
  index: IndexName;
  pk: Derived<R>;
  sk: Derived<R>;
  /** A sparse index: only records it holds carry its keys. */
  holds?: Derived<R, boolean>;
}

export interface EntityDefinition<R, A extends string> {
  /** Stored as `type`, for anyone reading the table by hand. */
  type: string;
  schema: z.ZodType<R>;
  pk: Derived<R>;
  sk: Derived<R>;
  /** Indexes by the access pattern they serve. */
  indexes?: Record<A, IndexDefinition<R>>;
  /** Attributes kept beside the record and computed from it (a search text, a TTL). */
  derived?: Record<string, Derived<R, unknown>>;
}

export interface ItemKey {
  pk: string;
  sk: string;
}

/** Attributes to set and to remove, as one UpdateItem writes them. */
export interface Changes {
  set: Record<string, unknown>;
  remove: string[];
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Entity<R, A extends string> {
  readonly definition: EntityDefinition<R, A>;
  /** The table key of a record (only the fields the key reads are needed). */
  key(record: Partial<R>): ItemKey;
  /** The whole item: table key, type, the record, derived attributes and every index key it belongs to. */
  item(record: R): Record<string, unknown>;
  parse(item: unknown): R;
  /**
   * The attributes an update of `fields` writes: the fields, and every index key and derived attribute
   * that reads one of them, rebuilt from `record` (which must hold every field those read).
   */
  changes(record: Partial<R>, fields: readonly Field<R>[]): Changes;
  /** Where an access pattern's query runs: the index and its partition for `record`'s fields. */
  partition(pattern: A, record: Partial<R>): { index: IndexName; partitionKey: string };
}

function build<R, V>(name: string, attribute: Derived<R, V>, record: Partial<R>): V {
  for (const field of attribute.uses) {
    if (!(field in record)) throw new Error(`${name} reads ${field}, which was not given`);
  }
  return attribute.build(record as R);
}

export function defineEntity<R, A extends string = never>(definition: EntityDefinition<R, A>): Entity<R, A> {
  const indexes = Object.values<IndexDefinition<R>>(definition.indexes ?? ({} as Record<A, IndexDefinition<R>>));
  const derived = Object.entries(definition.derived ?? {});
  const keyFields = new Set<string>([...definition.pk.uses, ...definition.sk.uses]);

  const key = (record: Partial<R>): ItemKey => ({ pk: build('pk', definition.pk, record), sk: build('sk', definition.sk, record) });

  return {
    definition,
    key,
    item(record) {
      const item: Record<string, unknown> = { ...key(record), type: definition.type, ...record };
      for (const [name, attribute] of derived) item[name] = attribute.build(record);
      for (const index of indexes) {
        if (index.holds && !index.holds.build(record)) continue;
        item[`${index.index}pk`] = index.pk.build(record);
        item[`${index.index}sk`] = index.sk.build(record);
      }
      return item;
    },
    parse: (item) => definition.schema.parse(item),
    changes(record, fields) {
      const changed = new Set<string>(fields);
      const reads = (attribute: Derived<R, unknown>) => attribute.uses.some((field) => changed.has(field));
      for (const field of fields) {
        if (keyFields.has(field)) throw new Error(`${field} is part of the table key: write a new item instead`);
        if (!(field in record)) throw new Error(`${field} is changed but was not given`);
      }
      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      for (const field of fields) set[field] = record[field as keyof R];
      for (const [name, attribute] of derived) if (reads(attribute)) set[name] = build(name, attribute, record);
      for (const index of indexes) {
        const pkName = `${index.index}pk`;
        const skName = `${index.index}sk`;
        if (index.holds && reads(index.holds) && !build(`${index.index} holds`, index.holds, record)) {
          remove.push(pkName, skName);
          continue;
        }
        const whole = index.holds && reads(index.holds);
        if (whole || reads(index.pk)) set[pkName] = build(pkName, index.pk, record);
        if (whole || reads(index.sk)) set[skName] = build(skName, index.sk, record);
      }
      return { set, remove };
    },
    partition(pattern, record) {
      const index = definition.indexes?.[pattern];
      if (!index) throw new Error(`No index for ${pattern}`);
      return { index: index.index, partitionKey: build(`${index.index}pk`, index.pk, record) };
    },
  };
}

/**
 * An UpdateExpression for `changes`, with placeholders of its own (`#u0`, `:u0`…), to merge with a
 * caller's condition names and values.
 */
export function updateExpression(changes: Changes): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  let n = 0;
  for (const [attribute, value] of Object.entries(changes.set)) {
    names[`#u${n}`] = attribute;
    values[`:u${n}`] = value;
    sets.push(`#u${n} = :u${n}`);
    n += 1;
  }
  for (const attribute of changes.remove) {
    names[`#u${n}`] = attribute;
    removes.push(`#u${n}`);
    n += 1;
  }
  const clauses = [sets.length > 0 ? `SET ${sets.join(', ')}` : '', removes.length > 0 ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean);
  return { UpdateExpression: clauses.join(' '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}
