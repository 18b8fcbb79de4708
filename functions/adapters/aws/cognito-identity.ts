import type {
  CognitoIdentityProviderClient} from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityProvider } from '../../core/ports/accounts';

/** Errors that mean "not this user's password" (cognito-local answers InvalidPasswordException where Cognito says NotAuthorized). */
const wrongCredentials = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException', 'UserNotConfirmedException']);

/**
 * Cognito keeps the credentials. Users are created under our own user id (usernames and emails are
 * ours to keep unique and to change), confirmed at once because the API sends its own codes, and
 * marked email_verified when the API has checked the address.
 */
export class CognitoIdentityProvider implements IdentityProvider {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
    private readonly clientId: string,
  ) {}

  async createUser(userId: string, email: string, password: string): Promise<void> {
    await this.client.send(
      new SignUpCommand({ ClientId: this.clientId, Username: userId, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
    );
    await this.client.send(new AdminConfirmSignUpCommand({ UserPoolId: this.userPoolId, Username: userId }));
  }

  async deleteUser(userId: string): Promise<void> {
    await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: userId }));
  }

  async checkPassword(userId: string, password: string): Promise<boolean> {
    try {
      const result = await this.client.send(
        new InitiateAuthCommand({ ClientId: this.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: userId, PASSWORD: password } }),
      );
      return Boolean(result.AuthenticationResult ?? result.ChallengeName);
    } catch (error) {
      if (error instanceof Error && wrongCredentials.has(error.name)) return false;
      throw error;
    }
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await this.client.send(new AdminSetUserPasswordCommand({ UserPoolId: this.userPoolId, Username: userId, Password: password, Permanent: true }));
  }

  async markEmailVerified(userId: string, email: string): Promise<void> {
    await this.client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: this.userPoolId,
        Username: userId,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
}
