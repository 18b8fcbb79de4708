/**
 * The single DynamoDB table's fixed shape: generic keys (pk/sk), the names its generic secondary
 * indexes may take (`gsiN`, keyed by `gsiNpk`/`gsiNsk`) and one TTL attribute. Which indexes the table
 * has is derived from the entities that name them (the entity registry's `tableDefinition`, read by
 * the CDK data construct and the local boot alike).
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexNames: ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5', 'gsi6'],
} as const;

export type IndexName = (typeof tableSchema.indexNames)[number];
