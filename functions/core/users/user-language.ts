import { defaultLanguage, type LanguageCode } from '../../contract/languages';
import type { UserRepository } from '../ports/accounts';

/**
 * Which language a new script, template or schedule is written in: the first one named, from the most
 * particular (the request, then its template or schedule) to the user's default (Settings), else English.
 */
export function chosenLanguage(...named: readonly (LanguageCode | null | undefined)[]): LanguageCode {
  return named.find((code): code is LanguageCode => Boolean(code)) ?? defaultLanguage;
}

/** The user's default language (Settings); English for a user who never chose one, or none found. */
export type UserLanguage = (userId: string) => Promise<LanguageCode>;

export function userLanguageOf(users: Pick<UserRepository, 'get'>): UserLanguage {
  return async (userId) => chosenLanguage((await users.get(userId))?.language);
}
