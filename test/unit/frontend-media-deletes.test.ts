import { describe, expect, it } from 'vitest';
import { bulkDeleteQuestion, bulkDeleteSummary, namesOf } from '../../frontend/src/features/media/lib/assets';
import { DROP_ZONE_MAX_MB, dropRefusalToast, isMediaFile, screenDrop } from '../../frontend/src/features/media/lib/file-rules';

const MB = 1024 * 1024;
/** A file of `size` bytes without allocating them: only `size` is read. */
function fileOf(name: string, type: string, size: number): File {
  const file = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the drop zone', () => {
  it('takes files up to 10 MB each by default and refuses larger ones with File Size Exceeded', () => {
    expect(DROP_ZONE_MAX_MB).toBe(10);
    const atLimit = fileOf('at-limit.mp4', 'video/mp4', 10 * MB);
    const over = fileOf('over.mp4', 'video/mp4', 10 * MB + 1);
    const { kept, refused } = screenDrop([atLimit, over], isMediaFile);
    expect(kept).toEqual([atLimit]);
    expect(refused).toEqual([
      {
        file: over,
        title: 'File Size Exceeded',
        description: 'over.mp4 is larger than the 10 MB limit for dropped files. Files up to 50 MB can be chosen with Choose Files.',
      },
    ]);
  });

  it('checks the type first, with File Type Not Supported, and takes a limit from the page', () => {
    const picture = fileOf('photo.png', 'image/png', 20 * MB);
    const clip = fileOf('clip.mov', 'video/quicktime', 20 * MB);
    const { kept, refused } = screenDrop([picture, clip], isMediaFile, 50);
    expect(kept).toEqual([clip]);
    expect(refused.map((refusal) => refusal.title)).toEqual(['File Type Not Supported']);
    expect(refused[0]?.description).toBe('photo.png is not a supported file type.');
  });

  it('names every refused file in one toast, with both titles when both kinds were refused', () => {
    expect(dropRefusalToast([])).toBeUndefined();
    const { refused } = screenDrop(
      [fileOf('a.png', 'image/png', 1), fileOf('b.mp4', 'video/mp4', 11 * MB), fileOf('c.mp4', 'video/mp4', 12 * MB)],
      isMediaFile,
    );
    const toast = dropRefusalToast(refused);
    expect(toast?.title).toBe('File Type Not Supported and File Size Exceeded');
    expect(toast?.description).toContain('a.png is not a supported file type.');
    expect(toast?.description).toContain('b.mp4 is larger than the 10 MB limit');
    expect(toast?.description).toContain('c.mp4 is larger than the 10 MB limit');
    expect(dropRefusalToast(refused.slice(1))?.title).toBe('File Size Exceeded');
  });
});

describe('bulk delete asks, then tells what was deleted', () => {
  const titles: Record<string, string> = { a: 'Beach sunset', b: 'Coffee pour', c: 'Grinder', d: 'Milk foam' };
  const titleOf = (id: string) => titles[id];

  it('counts in the singular and the plural, and names what was deleted', () => {
    expect(bulkDeleteSummary({ message: 'Deleted 1 items', results: { success: 1, failed: 0, deletedIds: ['a'], failedIds: [] } }, titleOf)).toEqual({
      title: '1 item deleted',
      description: '“Beach sunset” was deleted.',
    });
    expect(bulkDeleteSummary({ message: 'Deleted 3 items', results: { success: 3, failed: 0, deletedIds: ['a', 'b', 'c'], failedIds: [] } }, titleOf)).toEqual({
      title: '3 items deleted',
      description: '“Beach sunset”, “Coffee pour” and “Grinder” were deleted.',
    });
  });

  it('shortens a long list and says what could not be deleted', () => {
    const summary = bulkDeleteSummary(
      { message: 'Deleted 4 items', results: { success: 4, failed: 1, deletedIds: ['a', 'b', 'c', 'd'], failedIds: ['e'] } },
      titleOf,
    );
    expect(summary).toEqual({
      title: '4 items deleted',
      description: '“Beach sunset”, “Coffee pour”, “Grinder” and 1 more were deleted. 1 item could not be deleted.',
    });
    expect(bulkDeleteSummary({ message: 'Deleted 2 items', results: { success: 2 } }, titleOf)).toEqual({ title: '2 items deleted', description: '' });
  });

  it('asks with the count and the names', () => {
    expect(bulkDeleteQuestion(2, ['Beach sunset', 'Coffee pour'])).toBe('Delete 2 selected items (“Beach sunset” and “Coffee pour”)? This cannot be undone.');
    expect(bulkDeleteQuestion(1, [])).toBe('Delete 1 selected item? This cannot be undone.');
    expect(namesOf(['A', 'B', 'C', 'D', 'E'])).toBe('“A”, “B”, “C” and 2 more');
  });
});
