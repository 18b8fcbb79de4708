import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { newSecret } from '../../core/ids';
import type { IdentityProvider } from '../../core/ports/accounts';

/** Errors that mean "not this user's password" (cognito-local answers InvalidPasswordException where Cognito says NotAuthorized). */
const wrongCredentials = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException', 'UserNotConfirmedException']);

/**
 * The decoy identity: a confirmed user whose random password was never kept, under a name that is no
 * user id of ours (those are ULIDs), so no sign-in through the API can reach it.
 */
export const decoyIdentity = { username: 'sign-in-decoy', email: 'sign-in-decoy@reelsmith.invalid' } as const;

/**
 * Cognito keeps the credentials. Users are created under our own user id (usernames and emails are
 * ours to keep unique and to change), confirmed at once because the API sends its own codes, and
 * marked email_verified when the API has checked the address.
 */
export class CognitoIdentityProvider implements IdentityProvider {
  private decoy: Promise<void> | undefined;

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

  /** A user already gone is fine (a closure tried again, a failed registration cleaned up). */
  async deleteUser(userId: string): Promise<void> {
    try {
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: userId }));
    } catch (error) {
      if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
    }
  }

  async checkPassword(userId: string, password: string): Promise<boolean> {
    // Every first check of an instance waits for the decoy, not only the first refused one.
    await this.decoyExists();
    return this.initiateAuth(userId, password);
  }

  async checkDecoyPassword(password: string): Promise<void> {
    await this.decoyExists();
    await this.initiateAuth(decoyIdentity.username, password);
  }

  private async initiateAuth(username: string, password: string): Promise<boolean> {
    try {
      const result = await this.client.send(
        new InitiateAuthCommand({ ClientId: this.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }),
      );
      return Boolean(result.AuthenticationResult ?? result.ChallengeName);
    } catch (error) {
      if (error instanceof Error && wrongCredentials.has(error.name)) return false;
      throw error;
    }
  }

  /**
   * Creates the decoy once per pool: each instance tries once, and "already exists" is the usual
   * answer (then it is confirmed again, in case an earlier creation stopped half-way; Cognito refuses
   * that for a confirmed user, which is fine). Another failure is tried again on the next sign-in;
   * meanwhile a decoy check still fails, as it must.
   */
  private decoyExists(): Promise<void> {
    const { username, email } = decoyIdentity;
    this.decoy ??= this.createUser(username, email, newSecret(32)).catch(async (error: unknown) => {
      if (error instanceof Error && error.name === 'UsernameExistsException') {
        await this.client.send(new AdminConfirmSignUpCommand({ UserPoolId: this.userPoolId, Username: username })).catch(() => undefined);
        return;
      }
      this.decoy = undefined;
    });
    return this.decoy;
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
