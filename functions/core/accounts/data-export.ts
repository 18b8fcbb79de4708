import { accountMessages, exportLimits, type AccountExport } from '../../contract/account';
import { FileTooLargeError } from '../errors';
import { isProxyKey, objectKeys } from '../files/bucket-layout';
import type { AccountDataStore, OwnedRecord } from '../ports/account-data';
import type { ArchiveEntry, ObjectStore, ZipWriter } from '../ports/object-store';
import { toPublicUser, userSchema } from '../users/user';

/** Where a user's exports are written (inside their own prefix, so closing the account removes them). */
export const exportPrefix = objectKeys.exportsPrefix;

/** How long the download link lives. */
export const exportLinkSeconds = 15 * 60;

/** The most table items one export reads (far above any plan's records; a bound, not a target). */
export const maxExportRecords = 50_000;

/** Which records go to which JSON file of the ZIP, by sort-key prefix. Anything else (claims, counters, markers, codes) stays out. */
export const exportFiles: readonly { file: string; prefixes: readonly string[] }[] = [
  { file: 'scripts.json', prefixes: ['SCRIPT#'] },
  { file: 'script-templates.json', prefixes: ['STEMPLATE#'] },
  { file: 'video-templates.json', prefixes: ['VTEMPLATE#'] },
  { file: 'automation-schedules.json', prefixes: ['AUTOSCHED#'] },
  { file: 'scheduled-emails.json', prefixes: ['SCHEDEMAIL#'] },
  { file: 'share-links.json', prefixes: ['SHARE#'] },
  { file: 'settings.json', prefixes: ['DELIVERY_SETTINGS'] },
  { file: 'media.json', prefixes: ['MEDIA#'] },
  { file: 'media-folders.json', prefixes: ['MFOLDER#'] },
  { file: 'voices.json', prefixes: ['UVOICE#', 'VOICE#'] },
  // Connected accounts (issue 26): which platform accounts, never their tokens (`sealedTokens` is internal below).
  { file: 'connected-accounts.json', prefixes: ['PUBACCT#'] },
];

/**
 * Attributes that never leave: keys and index attributes, TTLs, a video run's claim, and secrets
 * (webhook signing secret, share tokens and their hashes, one-time code hashes, platform tokens sealed).
 */
const internal = /^(pk|sk|gsi\d+(pk|sk)|expiresAt|videoRunId|videoRunAt|token|tokenHash|webhookSecret|codeHash|linkHash|billingResetInvoice|proxyKey|sealedTokens|tokenVersion|accessExpiresAt)$/;

function publicAttributes(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !internal.test(name)));
}

/** The JSON files of an export, from the user's items (pure: tested on its own). */
export function exportDocuments(records: readonly OwnedRecord[]): { name: string; value: unknown }[] {
  const documents: { name: string; value: unknown }[] = [];
  const profile = records.find((record) => record.sk === 'PROFILE');
  if (profile) {
    const parsed = userSchema.safeParse(profile.item);
    documents.push({ name: 'profile.json', value: parsed.success ? toPublicUser(parsed.data) : publicAttributes(profile.item) });
  }
  for (const { file, prefixes } of exportFiles) {
    const items = records.filter((record) => prefixes.some((prefix) => record.sk === prefix || record.sk.startsWith(prefix))).map((record) => publicAttributes(record.item));
    documents.push({ name: file, value: file === 'settings.json' ? (items[0] ?? null) : items });
  }
  return documents;
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
 * The creator's data as one ZIP (issue 16): their records as JSON and their files, written to the
 * bucket as a stream and answered as a short-lived link (a Lambda never answers a large body). Bounded
 * by `exportLimits` (413 past them, before anything is written); only the newest export is kept.
 */
export class DataExportService {
  constructor(
    private readonly deps: { records: Pick<AccountDataStore, 'ownedRecords'>; objects: Pick<ObjectStore, 'list' | 'delete' | 'presignGet'>; zip: ZipWriter },
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
    if (records.length > maxExportRecords || media.length > exportLimits.maxFiles || listed.length > exportLimits.maxFiles + 100 || bytes > exportLimits.maxBytes) {
      throw new FileTooLargeError(accountMessages.tooLarge, { maxBytes: exportLimits.maxBytes, maxFiles: exportLimits.maxFiles, bytes, files: media.length }, 'EXPORT_TOO_LARGE');
    }
    const now = this.clock();
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const encoder = new TextEncoder();
    const entries: ArchiveEntry[] = [
      { name: 'README.txt', data: encoder.encode(readme(now.toISOString())) },
      ...exportDocuments(records).map((document) => ({ name: `data/${document.name}`, data: encoder.encode(`${JSON.stringify(document.value, null, 2)}\n`) })),
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
