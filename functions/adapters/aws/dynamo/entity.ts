import type { z } from 'zod';
import type { IndexName } from '../../../platform/table-schema';
import { conditionExpression, Placeholders, updateExpression, where, type Condition, type UpdateClauses } from './expressions';
import { keys, type ItemKey } from './keys';
import {
  conditionHeld,
  deleteItem,
  getItem,
  ifConditionFails,
  putItem,
  updateItem,
  queryAll,
  queryCount,
  queryPage,
  type Page,
  type QueryPageOptions,
  type TableRef,
  type TransactItem,
} from './table';

/**
 * Entity definitions that write their own keys (after ElectroDB, docs/decisions/data-layer.md): one definition per
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

export type { ItemKey } from './keys';

/** What a transaction's item needs of the table: its name. */
export type OnTable = Pick<TableRef, 'tableName'>;
export type { TransactItem } from './table';
export { where, type Condition } from './expressions';

/** Attributes to set and to remove, as one UpdateItem writes them. */
export interface Changes {
  set: Record<string, unknown>;
  remove: string[];
}

/**
 * A partial update of one item, as data. `set` takes the record's fields (typed) and attributes kept
 * beside the record (a claim, a stamp); undefined values are left alone. `add` adds to numbers (an
 * absent one counts as zero), `setIfAbsent` writes only where nothing is yet. The entity rebuilds every
 * index key and derived attribute that reads a field set (from the key's fields and `set`; a missing one
 * throws), and removes them with a field they read, or when a sparse index no longer holds the record.
 */
export interface UpdateSpec<R> {
  set?: Partial<R> & Record<string, unknown>;
  setIfAbsent?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: readonly string[];
  condition?: Condition;
  /**
   * The update may make the item: `type`, the key's fields and the derived attributes that read only
   * those are written where absent (a counter made by its first step).
   */
  upsert?: boolean;
  /** What the write answers with (its `Attributes`); nothing by default. */
  returns?: 'ALL_NEW' | 'ALL_OLD' | 'UPDATED_NEW';
}

/** A condition on the item written, and what a delete answers with. */
export interface DeleteOptions {
  condition?: Condition;
  returns?: 'ALL_OLD';
}

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
  newItem(table: OnTable, record: R): TransactItem;
  /**
   * One UpdateItem of `spec` on the item of `record`'s key (`record` also gives the fields the index keys
   * and derived attributes to rebuild read): the attributes `spec.returns` asks for. A failed condition
   * throws DynamoDB's ConditionalCheckFailedException.
   */
  update(table: TableRef, record: Partial<R>, spec: UpdateSpec<R>): Promise<Record<string, unknown> | undefined>;
  /** The same update, conditional: whether it was made. */
  updateIf(table: TableRef, record: Partial<R>, spec: UpdateSpec<R> & { condition: Condition }): Promise<boolean>;
  /** The same update as a transaction's item. */
  updateItem(table: OnTable, record: Partial<R>, spec: UpdateSpec<R>): TransactItem;
  /** Puts the whole record (replacing any item with its key), under a condition if given. */
  put(table: TableRef, record: R, condition?: Condition): Promise<void>;
  /** The same put as a transaction's item. */
  putItem(table: OnTable, record: R, condition?: Condition): TransactItem;
  /** Deletes the item of `record`'s key: the old item when `returns` asks for it. */
  delete(table: TableRef, record: Partial<R>, options?: DeleteOptions): Promise<Record<string, unknown> | undefined>;
  /** The same delete as a transaction's item. */
  deleteItem(table: OnTable, record: Partial<R>, condition?: Condition): TransactItem;
  /** A transaction's check of `record`'s item, written nothing. */
  checkItem(table: OnTable, record: Partial<R>, condition: Condition): TransactItem;
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

  const reads = (attribute: Derived<R, unknown>, fields: ReadonlySet<string>) => attribute.uses.some((field) => fields.has(field));

  /**
   * The whole of an update: `set` and `remove` as given, with every index key and derived attribute that
   * reads one of them rebuilt from `record` and `set`, or removed with what it reads.
   */
  const clauses = (record: Partial<R>, given: Record<string, unknown>, removed: readonly string[], added: readonly string[]): UpdateClauses => {
    const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    const remove = [...removed];
    const after = { ...record, ...set } as Partial<R>;
    const setNow = new Set(Object.keys(set));
    const removedNow = new Set(removed);
    for (const field of [...setNow, ...removedNow, ...added]) {
      if (keyFields.has(field)) throw new Error(`${field} is part of the table key: write a new item instead`);
    }
    const addedNow = new Set(added);
    for (const [name, attribute] of derived) {
      if (reads(attribute, addedNow)) throw new Error(`${name} reads a field that is added to: set it instead`);
      if (reads(attribute, removedNow)) remove.push(name);
      else if (reads(attribute, setNow)) set[name] = build(name, attribute, after);
    }
    for (const index of indexes) {
      const pkName = `${index.index}pk`;
      const skName = `${index.index}sk`;
      const all = [index.pk, index.sk, ...(index.holds ? [index.holds] : [])];
      if (all.some((attribute) => reads(attribute, addedNow))) throw new Error(`${index.index} reads a field that is added to: set it instead`);
      const leaves =
        all.some((attribute) => reads(attribute, removedNow)) ||
        (index.holds && reads(index.holds, setNow) && !build(`${index.index} holds`, index.holds, after));
      if (leaves) {
        remove.push(pkName, skName);
        continue;
      }
      const whole = index.holds !== undefined && reads(index.holds, setNow);
      if (whole || reads(index.pk, setNow)) set[pkName] = build(pkName, index.pk, after);
      if (whole || reads(index.sk, setNow)) set[skName] = build(skName, index.sk, after);
    }
    return { set, setIfAbsent: {}, add: {}, remove };
  };

  /** What an item made by an update holds beside what it sets: its type, key fields and what only they derive. */
  const identity = (record: Partial<R>): Record<string, unknown> => {
    const written: Record<string, unknown> = { type: definition.type };
    for (const field of keyFields) written[field] = record[field as keyof R];
    for (const [name, attribute] of derived) if (attribute.uses.every((field) => keyFields.has(field))) written[name] = build(name, attribute, record);
    return written;
  };

  /** The UpdateItem input of `spec` on `record`'s item, its expressions compiled from the spec. */
  const updateInput = (record: Partial<R>, spec: UpdateSpec<R>) => {
    const p = new Placeholders('u');
    const built = clauses(record, spec.set ?? {}, spec.remove ?? [], Object.keys(spec.add ?? {}));
    const setIfAbsent = Object.fromEntries(
      Object.entries({ ...(spec.upsert ? identity(record) : {}), ...spec.setIfAbsent }).filter(([, value]) => value !== undefined),
    );
    const UpdateExpression = updateExpression({ ...built, setIfAbsent, add: spec.add ?? {} }, p);
    const ConditionExpression = spec.condition ? conditionExpression(spec.condition, p) : undefined;
    return { Key: key(record), UpdateExpression, ConditionExpression, ...p.attributes() };
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
      const item = await getItem(table, key(record), { consistent });
      return item ? definition.schema.parse(item) : undefined;
    },
    async putNew(table, record) {
      await entity.put(table, record, where.itemAbsent());
    },
    newItem: (table, record) => entity.putItem(table, record, where.itemAbsent()),
    async put(table, record, condition) {
      await putItem(table, withCondition({ Item: entity.item(record) }, condition));
    },
    putItem: (table, record, condition) => ({ Put: { TableName: table.tableName, ...withCondition({ Item: entity.item(record) }, condition) } }),
    async update(table, record, spec) {
      const { Attributes } = await updateItem(table, { ...updateInput(record, spec), ReturnValues: spec.returns });
      return Attributes;
    },
    updateIf: (table, record, spec) => conditionHeld(updateItem(table, updateInput(record, spec))),
    updateItem: (table, record, spec) => ({ Update: { TableName: table.tableName, ...updateInput(record, spec) } }),
    async delete(table, record, { condition, returns } = {}) {
      const { Attributes } = await deleteItem(table, { ...withCondition({ Key: key(record) }, condition), ReturnValues: returns });
      return Attributes;
    },
    deleteItem: (table, record, condition) => ({ Delete: { TableName: table.tableName, ...withCondition({ Key: key(record) }, condition) } }),
    checkItem(table, record, condition) {
      const p = new Placeholders('c');
      const ConditionExpression = conditionExpression(condition, p);
      return { ConditionCheck: { TableName: table.tableName, Key: key(record), ConditionExpression, ...p.attributes() } };
    },
    updateExisting(table, record, fields) {
      const set = Object.fromEntries(fields.map((field) => [field, record[field]])) as Partial<R>;
      const write = entity.update(table, record, { set, condition: where.itemExists(), returns: 'ALL_NEW' });
      return ifConditionFails(
        write.then((attributes) => definition.schema.parse(attributes)),
        () => undefined,
      );
    },
    changes(record, fields) {
      for (const field of fields) {
        if (!(field in record)) throw new Error(`${field} is changed but was not given`);
      }
      const { set, remove } = clauses(record, Object.fromEntries(fields.map((field) => [field, record[field]])), [], []);
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

/** A condition's expression and placeholders, or nothing. */
export function conditionInput(condition: Condition | undefined): {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  if (!condition) return {};
  const p = new Placeholders('c');
  const ConditionExpression = conditionExpression(condition, p);
  return { ConditionExpression, ...p.attributes() };
}

function withCondition<Input extends object>(input: Input, condition: Condition | undefined) {
  return { ...input, ...conditionInput(condition) };
}
