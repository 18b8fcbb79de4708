import type { z } from 'zod';
import type { IndexName } from '../../../platform/table-schema';
import { keys } from './keys';
import { absent, getItem, ifConditionFails, putItem, updateItem, queryAll, queryCount, queryPage, type Page, type QueryPageOptions, type TableRef, type TransactItem } from './table';

/**
 * Entity definitions that write their own keys (every key built in one place, after ElectroDB: docs/decisions/dynamodb-table.md): one definition per
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

/**
 * How a user-owned record goes into the data export: the JSON file it is listed in, and what of it
 * never leaves (secrets, our own derived copies). Keys, index attributes and the TTL never leave.
 */
export interface ExportRule {
  file: string;
  /** One record per user: the file holds the record (or null) rather than a list. */
  single?: boolean;
  /** Attributes stripped beside the keys. */
  omit?: readonly string[];
  /** The exported value when it is not the item less what is stripped (e.g. the public profile). */
  view?: (item: Record<string, unknown>) => unknown;
}

export interface EntityDefinition<R, A extends string> {
  /** Stored as `type`: what the export, the closing of an account and anyone reading the table by hand go by. */
  type: string;
  /**
   * The sort key every item of the type starts with (or is): how an item written before `type` was
   * stored is recognised, and the range a listing of the partition reads.
   */
  sortKeyPrefix?: string;
  /**
   * `user`: the items sit under `USER#<id>` and go with the account when it is closed (every item of
   * the partition does); `export` says whether and how they are exported (absent: never).
   */
  owner?: 'user';
  export?: ExportRule;
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

export type { TransactItem } from './table';

export interface Entity<R, A extends string> {
  readonly definition: EntityDefinition<R, A>;
  /** The table key of a record (only the fields the key reads are needed). */
  key(record: Partial<R>): ItemKey;
  /** The whole item: table key, type, the record, derived attributes and every index key it belongs to. */
  item(record: R): Record<string, unknown>;
  parse(item: unknown): R;
  /** The stored record with `record`'s key, or undefined. */
  get(table: TableRef, record: Partial<R>, options?: { consistent?: boolean }): Promise<R | undefined>;
  /** Writes the record as a new item; fails with DynamoDB's ConditionalCheckFailedException when one has its key. */
  putNew(table: TableRef, record: R): Promise<void>;
  /** The same write as a transaction's item. */
  newItem(table: TableRef, record: R): TransactItem;
  /** Writes `fields` of an existing record (see `changes`): the record as it now is, or undefined when there is none. */
  updateExisting(table: TableRef, record: Partial<R>, fields: readonly Field<R>[]): Promise<R | undefined>;
  /**
   * The attributes an update of `fields` writes: the fields, and every index key and derived attribute
   * that reads one of them, rebuilt from `record` (which must hold every field those read).
   */
  changes(record: Partial<R>, fields: readonly Field<R>[]): Changes;
  /** Where an access pattern's query runs: the index and its partition for `record`'s fields. */
  partition(pattern: A, record: Partial<R>): { index: IndexName; partitionKey: string };
  /** Whether a stored item is one of this type (by `type`, or by its sort key when it was written without one). */
  recognises(item: Record<string, unknown>): boolean;
  /** The item as exported (keys, index attributes, the TTL and `omit` stripped), or undefined when it is not exported. */
  exported(item: Record<string, unknown>): unknown;
  /**
   * One page of an access pattern through the one pager: `'partition'` reads the table partition of
   * `record` (narrowed to `sortKeyPrefix`), a named pattern its index.
   */
  page(table: TableRef, pattern: A | 'partition', record: Partial<R>, options?: PageOptions): Promise<Page<R>>;
  /** Every record of an access pattern (bounded collections only), page by page. */
  all(table: TableRef, pattern: A | 'partition', record: Partial<R>, options?: Omit<PageOptions, 'cursor' | 'limit'> & { max?: number }): Promise<R[]>;
  /** How many records an access pattern holds (counted by DynamoDB). */
  count(table: TableRef, pattern: A | 'partition', record: Partial<R>, options?: Omit<PageOptions, 'cursor' | 'limit'>): Promise<number>;
  /** The query of an access pattern, for a read of a few attributes (`queryAll` with a schema of those). */
  query(pattern: A | 'partition', record: Partial<R>, options?: PageOptions): QueryPageOptions;
}

export type PageOptions = Omit<QueryPageOptions, 'partitionKey' | 'index' | 'basePartition'>;

/** The partition of a user's own records: `USER#<id>`. */
export const ownerPk = { uses: ['userId'] as const, build: (record: { userId: string }) => keys.user(record.userId) };

/** A sort key built from the record's `id` (`SCRIPT#<id>`…). */
export function idSortKey(build: (id: string) => string) {
  return { uses: ['id'] as const, build: (record: { id: string }) => build(record.id) };
}

/**
 * Where a user's record with an id sits: under `USER#<user>` at `sortKey(id)`, listed by `sortKey('')`,
 * deleted with the account.
 */
export function ownedById(sortKey: (id: string) => string) {
  return { owner: 'user' as const, pk: ownerPk, sk: idSortKey(sortKey), sortKeyPrefix: sortKey('') };
}

/** Attributes of every item that are the table's, not the record's: never exported. */
const tableAttributes = /^(pk|sk|gsi\d+(pk|sk)|expiresAt)$/;

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
  const omitted = new Set(definition.export?.omit ?? []);

  const query = (pattern: A | 'partition', record: Partial<R>, options: PageOptions): QueryPageOptions => {
    if (pattern === 'partition') {
      return { sortKeyPrefix: definition.sortKeyPrefix, ...options, partitionKey: build('pk', definition.pk, record) };
    }
    // An index across partitions (every user's due emails) has no table partition to bind its cursor to.
    const basePartition = definition.pk.uses.every((field) => field in record) ? build('pk', definition.pk, record) : undefined;
    const { index, partitionKey } = entity.partition(pattern, record);
    return { ...options, index, partitionKey, basePartition };
  };

  const entity: Entity<R, A> = {
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
    async get(table, record, { consistent } = {}) {
      const item = await getItem(table, key(record), { ConsistentRead: consistent });
      return item ? definition.schema.parse(item) : undefined;
    },
    async putNew(table, record) {
      await putItem(table, { Item: entity.item(record), ConditionExpression: absent });
    },
    newItem: (table, record) => ({ Put: { TableName: table.tableName, Item: entity.item(record), ConditionExpression: absent } }),
    updateExisting(table, record, fields) {
      const write = updateItem(table, { Key: key(record), ...updateExpression(entity.changes(record, fields)), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_NEW' });
      return ifConditionFails(
        write.then((result) => definition.schema.parse(result.Attributes)),
        () => undefined,
      );
    },
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
    recognises(item) {
      if (item.type !== undefined) return item.type === definition.type;
      const prefix = definition.sortKeyPrefix;
      return prefix !== undefined && typeof item.sk === 'string' && item.sk.startsWith(prefix);
    },
    exported(item) {
      const rule = definition.export;
      if (!rule) return undefined;
      if (rule.view) return rule.view(item);
      return Object.fromEntries(Object.entries(item).filter(([name]) => !tableAttributes.test(name) && !omitted.has(name)));
    },
    page: (table, pattern, record, options = {}) => queryPage(table, definition.schema, query(pattern, record, options)),
    all: (table, pattern, record, { max, ...options } = {}) => queryAll(table, definition.schema, { ...query(pattern, record, options), max }),
    count: (table, pattern, record, options = {}) => queryCount(table, query(pattern, record, options)),
    query: (pattern, record, options = {}) => query(pattern, record, options),
  };
  return entity;
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
