import type { LocalStack } from '../../../bin/local/stack';
import { userEntity } from '../../../functions/adapters/aws/dynamo/user-repository';
import { services } from '../../support/services';
import type { TestClient } from './http-client';
import { clientFor } from './stack';

let counter = 0;

export interface SignedInUser {
  id: string;
  username: string;
  client: TestClient;
}

/** Registers a fresh account through the API and signs it in, as a browser would. */
export async function signUpAndIn(stack: LocalStack, prefix = 'writer'): Promise<SignedInUser> {
  counter += 1;
  const username = `${prefix}${counter}_${Date.now() % 100_000}`;
  const client = clientFor(stack);
  const account = { username, email: `${username}@example.com`, password: 'correct horse 1' };
  const registered = await client.post('/api/register', account);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await client.post('/api/login', { username, password: account.password });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const user = await client.get<{ id: string }>('/api/user');
  return { id: user.body.id, username, client };
}

/** Sets fields of a user's profile directly, as time passing or a plan change would. */
export async function setProfile(userId: string, fields: Record<string, unknown>): Promise<void> {
  const { table } = services();
  await userEntity.update(table, { id: userId }, { set: fields });
}
