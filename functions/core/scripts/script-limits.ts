import { scriptLimits } from '../../contract/rules/script-limits';

/**
 * Cuts text to at most `maxChars`, at the last sentence end that fits, else the last word boundary:
 * what a generated script is held to (the writer's words are not the user's to shorten).
 */
export function fitToCharacters(text: string, maxChars: number = scriptLimits.contentChars): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const sentenceEnd = Math.max(...['. ', '! ', '? ', '.\n', '!\n', '?\n'].map((end) => head.lastIndexOf(end)));
  if (sentenceEnd >= maxChars * 0.6) return head.slice(0, sentenceEnd + 1).trim();
  const space = head.search(/\s\S*$/);
  return (space > 0 ? head.slice(0, space) : head).trim();
}
