import { RemovalPolicy } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, UserPool } from 'aws-cdk-lib/aws-cognito';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/**
 * Cognito keeps the credentials; the API keeps its own sessions, so the client has no
 * secret and signs in with USER_PASSWORD_AUTH (or ADMIN_USER_PASSWORD_AUTH from the functions).
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      // The API sends its own verification codes (docs/product.md#email-verification), so Cognito sends none.
      autoVerify: { email: false },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.LITE,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPoolClient = this.userPool.addClient('ApiClient', {
      generateSecret: false,
      authFlows: { userPassword: true, adminUserPassword: true },
      preventUserExistenceErrors: true,
    });
  }
}
