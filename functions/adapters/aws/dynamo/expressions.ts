/**
 * Conditions and updates as data, compiled here (and only here) into DynamoDB's expression strings with
 * placeholders of their own: repositories say what a write sets, removes, adds and requires, never how
 * DynamoDB spells it.
 */

type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** A condition on an item's attributes. Build with `where`. */
export type Condition =
  | { kind: 'exists' | 'absent' | 'null'; attribute: string }
  | { kind: 'compare'; attribute: string; op: Comparator; value: unknown }
  | { kind: 'contains' | 'beginsWith'; attribute: string; value: string }
  | { kind: 'and' | 'or'; conditions: Condition[] };

const compare =
  (op: Comparator) =>
  (attribute: string, value: unknown): Condition => ({ kind: 'compare', attribute, op, value });

/** Parts that are `undefined` or `false` are left out (a condition that applies only sometimes). */
type Part = Condition | undefined | false;
const parts = (conditions: readonly Part[]) => conditions.filter((part): part is Condition => part !== undefined && part !== false);

export const where = {
  exists: (attribute: string): Condition => ({ kind: 'exists', attribute }),
  absent: (attribute: string): Condition => ({ kind: 'absent', attribute }),
  /** The attribute holds DynamoDB's NULL. */
  isNull: (attribute: string): Condition => ({ kind: 'null', attribute }),
  eq: compare('='),
  ne: compare('<>'),
  lt: compare('<'),
  le: compare('<='),
  gt: compare('>'),
  ge: compare('>='),
  contains: (attribute: string, value: string): Condition => ({ kind: 'contains', attribute, value }),
  beginsWith: (attribute: string, value: string): Condition => ({ kind: 'beginsWith', attribute, value }),
  and: (...conditions: Part[]): Condition => ({ kind: 'and', conditions: parts(conditions) }),
  or: (...conditions: Part[]): Condition => ({ kind: 'or', conditions: parts(conditions) }),
  /** The item is there (its table key exists). */
  itemExists: (): Condition => ({ kind: 'exists', attribute: 'pk' }),
  /** No item has the key yet: a write that only creates. */
  itemAbsent: (): Condition => ({ kind: 'absent', attribute: 'pk' }),
};

/** Names and values of one expression (or several that share them), numbered under a prefix. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byAttribute = new Map<string, string>();
  private count = 0;

  constructor(private readonly prefix: string) {}

  name(attribute: string): string {
    let placeholder = this.byAttribute.get(attribute);
    if (!placeholder) {
      placeholder = `#${this.prefix}${this.byAttribute.size}`;
      this.byAttribute.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:${this.prefix}${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The names and values as a command takes them (left out when empty: DynamoDB refuses empty maps). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

export function conditionExpression(condition: Condition, p: Placeholders): string {
  switch (condition.kind) {
    case 'exists':
      return `attribute_exists(${p.name(condition.attribute)})`;
    case 'absent':
      return `attribute_not_exists(${p.name(condition.attribute)})`;
    case 'null':
      return `attribute_type(${p.name(condition.attribute)}, ${p.value('NULL')})`;
    case 'compare':
      return `${p.name(condition.attribute)} ${condition.op} ${p.value(condition.value)}`;
    case 'contains':
      return `contains(${p.name(condition.attribute)}, ${p.value(condition.value)})`;
    case 'beginsWith':
      return `begins_with(${p.name(condition.attribute)}, ${p.value(condition.value)})`;
    case 'and':
    case 'or': {
      if (condition.conditions.length === 0) throw new Error(`An empty ${condition.kind} condition`);
      const joined = condition.conditions.map((part) => conditionExpression(part, p)).join(` ${condition.kind.toUpperCase()} `);
      return condition.conditions.length === 1 ? joined : `(${joined})`;
    }
  }
}

/** What one UpdateItem writes: attributes set, set only where absent, added to (numbers), removed. */
export interface UpdateClauses {
  set: Record<string, unknown>;
  setIfAbsent: Record<string, unknown>;
  add: Record<string, number>;
  remove: string[];
}

export function updateExpression(clauses: UpdateClauses, p: Placeholders): string {
  const sets = [
    ...Object.entries(clauses.set).map(([attribute, value]) => `${p.name(attribute)} = ${p.value(value)}`),
    ...Object.entries(clauses.setIfAbsent).map(([attribute, value]) => `${p.name(attribute)} = if_not_exists(${p.name(attribute)}, ${p.value(value)})`),
  ];
  const adds = Object.entries(clauses.add).map(([attribute, by]) => `${p.name(attribute)} ${p.value(by)}`);
  const removes = clauses.remove.map((attribute) => p.name(attribute));
  const expression = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    adds.length > 0 ? `ADD ${adds.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (!expression) throw new Error('An update that changes nothing');
  return expression;
}
