/**
 * An expression with its placeholders replaced by what they stand for (names bare, values as JSON), so a
 * test reads `attribute_exists(pk) AND folderId = "F1"` whatever numbering the builder chose.
 */
export function spelled(expression: string | undefined, names: Record<string, string> = {}, values: Record<string, unknown> = {}): string {
  return (expression ?? '').replace(/[#:][A-Za-z]+\d+/g, (placeholder) =>
    placeholder.startsWith('#') ? (names[placeholder] ?? placeholder) : JSON.stringify(values[placeholder]),
  );
}

/** The update and condition of an UpdateItem input (or a transaction's Update), spelled out. */
export function spelledUpdate(
  input:
    | {
        UpdateExpression?: string;
        ConditionExpression?: string;
        ExpressionAttributeNames?: Record<string, string>;
        ExpressionAttributeValues?: Record<string, unknown>;
      }
    | undefined,
) {
  const names = input?.ExpressionAttributeNames ?? {};
  const values = input?.ExpressionAttributeValues ?? {};
  return { update: spelled(input?.UpdateExpression, names, values), condition: spelled(input?.ConditionExpression, names, values) };
}
