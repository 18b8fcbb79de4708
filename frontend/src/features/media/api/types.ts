/** The media library's answers (spec 001 §3, §7) as the page reads them. */
export interface MediaAsset {
  id: string;
  title: string;
  fileName: string;
  fileType: string;
  fileUrl: string;
  thumbnailUrl: string | null;
  fileSize: number;
  duration: number;
  tags: string[];
  isActive: boolean;
  folderId: string | null;
  width: number | null;
  height: number | null;
  createdAt: string;
}

export interface MediaFolder {
  id: string;
  name: string;
  parentId: string | null;
  assetCount: number;
}

export interface StorageUsage {
  usedBytes: number;
  limitBytes: number;
  usedMB: number;
  limitMB: number;
}

export interface MediaPage {
  items: MediaAsset[];
  page: number;
  totalPages: number;
  totalCount: number;
  /** Where the next page starts (absent with a search). */
  nextCursor?: string | null;
  storage: StorageUsage;
}

export const mediaSorts = [
  { value: 'newest', label: 'Newest' },
  { value: 'date-uploaded', label: 'Date uploaded' },
  { value: 'name-asc', label: 'Name (A–Z)' },
  { value: 'name-desc', label: 'Name (Z–A)' },
  { value: 'size-asc', label: 'Size (smallest)' },
  { value: 'size-desc', label: 'Size (largest)' },
] as const;
export type MediaSort = (typeof mediaSorts)[number]['value'];

export const isAudio = (asset: Pick<MediaAsset, 'fileType'>) => asset.fileType.includes('audio');
