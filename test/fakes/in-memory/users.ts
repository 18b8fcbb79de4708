import type { PublishedMessage } from '../../../functions/contract/realtime';
import { ConflictError, NotFoundError } from '../../../functions/core/errors';
import { messages } from '../../../functions/core/accounts/account-service';
import type { UserRepository } from '../../../functions/core/ports/accounts';
import type { Publisher } from '../../../functions/core/ports/realtime';
import { newUser, normalizeEmail, normalizeUsername, type User } from '../../../functions/core/users/user';

/**
 * The users' profiles as the table keeps them: a username and an email are each claimed once (a second
 * registration with either is refused, as the transaction's conditions refuse it), an update of a
 * missing profile is a 404. The plan's counters live on the profile, so `MemoryUsageCounters` writes here.
 */
export class MemoryUsers implements UserRepository {
  readonly byId = new Map<string, User>();

  /** A profile made directly (a test's given), named after its id. */
  add(id: string, changes: Partial<User> = {}): User {
    const user = { ...newUser({ id, username: id, email: `${id}@example.com`, now: new Date('2026-01-01T00:00:00Z') }), ...changes };
    this.byId.set(id, user);
    return user;
  }

  create(user: User): Promise<void> {
    const taken = [...this.byId.values()];
    if (taken.some((other) => normalizeUsername(other.username) === normalizeUsername(user.username)))
      return Promise.reject(new ConflictError(messages.usernameTaken));
    if (taken.some((other) => normalizeEmail(other.email) === normalizeEmail(user.email))) return Promise.reject(new ConflictError(messages.emailTaken));
    this.byId.set(user.id, user);
    return Promise.resolve();
  }

  remove(user: User): Promise<void> {
    this.byId.delete(user.id);
    return Promise.resolve();
  }

  get(userId: string): Promise<User | undefined> {
    const user = this.byId.get(userId);
    return Promise.resolve(user ? { ...user } : undefined);
  }

  findIdByEmail(email: string): Promise<string | undefined> {
    return Promise.resolve([...this.byId.values()].find((user) => normalizeEmail(user.email) === normalizeEmail(email))?.id);
  }

  findIdByUsername(username: string): Promise<string | undefined> {
    return Promise.resolve([...this.byId.values()].find((user) => normalizeUsername(user.username) === normalizeUsername(username))?.id);
  }

  update(userId: string, changes: Partial<Omit<User, 'id' | 'createdAt'>>): Promise<User> {
    const user = this.byId.get(userId);
    if (!user) return Promise.reject(new NotFoundError('User not found'));
    const updated = { ...user, ...changes };
    this.byId.set(userId, updated);
    return Promise.resolve({ ...updated });
  }
}

/** What the services pushed to the user's open pages. */
export class MemoryPublisher implements Publisher {
  readonly messages: { userId: string; message: PublishedMessage }[] = [];

  publish(userId: string, message: PublishedMessage): Promise<void> {
    this.messages.push({ userId, message });
    return Promise.resolve();
  }

  /** The messages of one type, in order. */
  ofType<T extends PublishedMessage['type']>(type: T): Extract<PublishedMessage, { type: T }>[] {
    return this.messages.map(({ message }) => message).filter((message): message is Extract<PublishedMessage, { type: T }> => message.type === type);
  }
}
