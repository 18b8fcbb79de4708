import type { MediaSort, PublicAsset } from '@contract/media';

/** The sort menu (spec 001 §2): every order the server takes, labelled, in the menu's order. */
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
