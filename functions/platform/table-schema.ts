/**
 * The single DynamoDB table, defined once: the CDK data construct and the local boot both read it.
 * Generic keys (pk/sk), generic secondary indexes (gsiNpk/gsiNsk) and one TTL attribute.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof tableSchema.globalSecondaryIndexes)[number]['indexName'];
