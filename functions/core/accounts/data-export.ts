import { accountMessages, exportLimits, type AccountExport } from '../../contract/account';
import { FileTooLargeError } from '../errors';
import { isProxyKey, objectKeys } from '../files/bucket-layout';
import type { AccountDataStore, ExportFile, OwnedRecord } from '../ports/account-data';
import type { ArchiveEntry, ObjectStore, ZipWriter } from '../ports/object-store';

/** Where a user's exports are written (inside their own prefix, so closing the account removes them). */
export const exportPrefix = objectKeys.exportsPrefix;

/** How long the download link lives. */
export const exportLinkSeconds = 15 * 60;

/** The most table items one export reads (far above any plan's records; a bound, not a target). */
export const maxExportRecords = 50_000;

/**
 * The JSON files of an export, from the user's items (pure: tested on its own). Which record goes to
 * which file, and what of it leaves, is its record type's (each entity's export rule); records of a
 * type that is not exported (claims, counters, markers, codes) stay out.
 */
export function exportDocuments(records: readonly OwnedRecord[], files: readonly ExportFile[]): { name: string; value: unknown }[] {
  return files.map(({ file, single }) => {
    const values = records.flatMap((record) => (record.exported?.file === file ? [record.exported.value] : []));
    return { name: file, value: single ? (values[0] ?? null) : values };
  });
}

const readme = (date: string) =>
  [
    'Your Reelsmith data',
    `Exported ${date}.`,
    '',
    'data/  your records as JSON: profile, scripts, script and video templates, automation schedules,',
    '       scheduled emails, share links, settings, the media library and its folders, voices.',
    'files/ your files as stored: uploads, voice-overs, videos, your logo.',
    '',
  ].join('\n');

/**
 * The creator's data as one ZIP: their records as JSON and their files, written to the
 * bucket as a stream and answered as a short-lived link (a Lambda never answers a large body). Bounded
 * by `exportLimits` (413 past them, before anything is written); only the newest export is kept.
 */
export class DataExportService {
  constructor(
    private readonly deps: {
      records: Pick<AccountDataStore, 'ownedRecords' | 'exportFiles'>;
      objects: Pick<ObjectStore, 'list' | 'delete' | 'presignGet'>;
      zip: ZipWriter;
    },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async export(userId: string): Promise<AccountExport> {
    const prefix = objectKeys.userPrefix(userId);
    const exports = exportPrefix(userId);
    const [records, listed] = await Promise.all([
      this.deps.records.ownedRecords(userId, maxExportRecords),
      this.deps.objects.list(prefix, exportLimits.maxFiles + 100),
    ]);
    const previous = listed.filter((object) => object.key.startsWith(exports));
    // A clip's proxy copy is ours (derived, for previews), not the user's data: it is not exported.
    const media = listed.filter((object) => !object.key.startsWith(exports) && !isProxyKey(object.key));
    const bytes = media.reduce((sum, object) => sum + object.size, 0);
    if (
      records.length > maxExportRecords ||
      media.length > exportLimits.maxFiles ||
      listed.length > exportLimits.maxFiles + 100 ||
      bytes > exportLimits.maxBytes
    ) {
      throw new FileTooLargeError(
        accountMessages.tooLarge,
        { maxBytes: exportLimits.maxBytes, maxFiles: exportLimits.maxFiles, bytes, files: media.length },
        'EXPORT_TOO_LARGE',
      );
    }
    const now = this.clock();
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const encoder = new TextEncoder();
    const entries: ArchiveEntry[] = [
      { name: 'README.txt', data: encoder.encode(readme(now.toISOString())) },
      ...exportDocuments(records, this.deps.records.exportFiles()).map((document) => ({
        name: `data/${document.name}`,
        data: encoder.encode(`${JSON.stringify(document.value, null, 2)}\n`),
      })),
      ...media.map((object) => ({ name: `files/${object.key.slice(prefix.length)}`, objectKey: object.key, size: object.size })),
    ];
    const key = objectKeys.exportArchive(userId, stamp);
    await this.deps.zip.writeZip(key, entries);
    await this.deps.objects.delete(previous.map((object) => object.key));
    const fileName = `reelsmith-export-${now.toISOString().slice(0, 10)}.zip`;
    const url = await this.deps.objects.presignGet(key, exportLinkSeconds, { attachmentName: fileName });
    return { url, fileName, expiresInSeconds: exportLinkSeconds, files: media.length, bytes };
  }
}
