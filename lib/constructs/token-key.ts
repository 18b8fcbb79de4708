import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/**
 * The key platform tokens are sealed under: a symmetric KMS key with yearly rotation, kept if
 * the stack goes (the sealed tokens in the retained table would not open without it). Functions that
 * declare `tokenKey` get GenerateDataKey and Decrypt on it, only with the tokens' encryption context
 * (functions/adapters/aws/kms-data-keys.ts), and its ARN as TOKEN_KMS_KEY_ID.
 */
export class TokenKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: "Reelsmith: seals the connected platform accounts' OAuth tokens",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
      pendingWindow: Duration.days(30),
    });
  }
}

/** The encryption context every use of the key carries (the grant's condition). */
export const tokenEncryptionContext = { purpose: 'reelsmith-publishing-tokens' } as const;
