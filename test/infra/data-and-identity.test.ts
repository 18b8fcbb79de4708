import { Match } from 'aws-cdk-lib/assertions';
import { describe, it } from 'vitest';
import { tableDefinition as tableSchema } from '../../functions/adapters/aws/dynamo/entities.js';
import { synthStack } from './support/stack.js';

const { template } = synthStack();

describe('data', () => {
  it('creates one on-demand table with the schema keys, GSIs, TTL and point-in-time recovery', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: tableSchema.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'gsi1pk', AttributeType: 'S' },
        { AttributeName: 'gsi2sk', AttributeType: 'S' },
      ]),
    });
  });

  it('keeps the table when the stack is deleted', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('media bucket', () => {
  const mediaBucket = {
    LifecycleConfiguration: Match.objectLike({
      Rules: Match.arrayWith([Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' })]),
    }),
  };

  it('is versioned, keeps old versions 30 days, expires temporary files and logs its access', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...mediaBucket,
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, ExpiredObjectDeleteMarker: true, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'tmp/', ExpirationInDays: 1, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'shares/', ExpirationInDays: 8, Status: 'Enabled' }),
        ]),
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: Match.stringLikeRegexp('^OperationsAccessLogs') }, LogFilePrefix: 'media/' },
    });
  });

  it('is private and encrypted, with a lifecycle rule for abandoned multipart uploads', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        ...mediaBucket,
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      }),
    });
  });

  it('allows browser uploads and downloads through presigned URLs (CORS)', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...mediaBucket,
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['PUT', 'GET', 'HEAD']),
            AllowedOrigins: ['*'],
            AllowedHeaders: ['*'],
            ExposedHeaders: ['ETag'],
          }),
        ],
      },
    });
  });

  it('refuses requests without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^MediaBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });
});

describe('identity', () => {
  it('creates a user pool signing in by username or email, with an 8-character minimum password', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AliasAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'email', Required: true, Mutable: true })]),
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    });
  });

  it('creates an app client without a secret for USER_PASSWORD_AUTH and ADMIN_USER_PASSWORD_AUTH', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    });
  });
});
