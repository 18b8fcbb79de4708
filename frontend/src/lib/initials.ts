/**
 * Avatar initials: the first letters of the name's words, uppercased; else the
 * first letter of the email, uppercased; else `U`.
 */
export function getInitials(name?: string | null, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return words
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase();
  const first = Array.from((email ?? '').trim())[0];
  if (first) return first.toUpperCase();
  return 'U';
}
