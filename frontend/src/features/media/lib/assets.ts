import type { MediaSort, PublicAsset } from '@contract/media';

/** The sort menu: every order the server takes, labelled, in the menu's order. */
const sortLabels: Record<MediaSort, string> = {
  newest: 'Newest',
  'date-uploaded': 'Date uploaded',
  'name-asc': 'Name (A–Z)',
  'name-desc': 'Name (Z–A)',
  'size-asc': 'Size (smallest)',
  'size-desc': 'Size (largest)',
};
export const mediaSorts = (Object.keys(sortLabels) as MediaSort[]).map((value) => ({ value, label: sortLabels[value] }));

export const isAudio = (asset: Pick<PublicAsset, 'fileType'>) => asset.fileType.includes('audio');

/** The bulk-delete answer (POST /api/media/bulk-delete): `success` is the count the toast shows. */
export interface BulkDeleteAnswer {
  message: string;
  results: { success: number; failed?: number; deletedIds?: string[]; failedIds?: string[] };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The names shown in a bulk toast: at most three, then how many more. */
export function namesOf(titles: readonly string[], shown = 3): string {
  const quoted = titles.slice(0, shown).map((title) => `“${title}”`);
  const rest = titles.length - quoted.length;
  if (rest > 0) return `${quoted.join(', ')} and ${rest} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

/**
 * What the bulk-delete toast says (it tells what was deleted; : it stays 10 s):
 * "3 items deleted" with their names, and how many could not be deleted, if any.
 */
export function bulkDeleteSummary(answer: BulkDeleteAnswer, titleOf: (id: string) => string | undefined): { title: string; description: string } {
  const deleted = answer.results.success;
  const failed = answer.results.failed ?? answer.results.failedIds?.length ?? 0;
  const titles = (answer.results.deletedIds ?? []).map(titleOf).filter((title): title is string => Boolean(title));
  const parts: string[] = [];
  if (titles.length > 0) parts.push(`${namesOf(titles)} ${titles.length === 1 ? 'was' : 'were'} deleted.`);
  if (failed > 0) parts.push(`${plural(failed, 'item', 'items')} could not be deleted.`);
  return { title: `${plural(deleted, 'item', 'items')} deleted`, description: parts.join(' ') };
}

/** The confirm question before a bulk delete. */
export function bulkDeleteQuestion(count: number, titles: readonly string[]): string {
  const names = titles.length > 0 ? ` (${namesOf(titles)})` : '';
  return `Delete ${plural(count, 'selected item', 'selected items')}${names}? This cannot be undone.`;
}
