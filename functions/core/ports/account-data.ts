/**
 * What the export and the closing of an account need from the table, beyond the usual
 * repositories: a user's whole partition and the closure's record, which remembers the outside resources
 * to remove until every one is gone. Their objects are the `ObjectStore`'s (and its `ZipWriter`).
 */

/**
 * One item under the user's key: its sort key, its record type (undefined when no entity knows it)
 * and its attributes (keys and index attributes included); and, when its type is exported, the file
 * it goes to and its value as exported (keys and secrets stripped).
 */
export interface OwnedRecord {
  sk: string;
  type: string | undefined;
  item: Record<string, unknown>;
  exported?: { file: string; value: unknown };
}

/** A JSON file of the export: a list of records, or the one record of a type a user has once (or null). */
export interface ExportFile {
  file: string;
  single: boolean;
}

/** The outside resources a closure must remove, read before the table items that name them go. */
export interface ClosurePlan {
  userId: string;
  username: string;
  email: string;
  /** Scheduler names: automation schedules, pending scheduled emails, the weekly email. */
  schedules: string[];
  /** Hashes of the share links' public lookups. */
  shareTokenHashes: string[];
  stripeCustomerId: string | null;
  /** Set when a live subscription must be cancelled. */
  stripeSubscriptionId: string | null;
  /** The ElevenLabs voice ids of the user's cloned voices (absent in plans recorded before it existed). */
  providerVoiceIds?: string[];
  /** The prefixes of their share links' public copies, `shares/<link id>/` (absent in older plans). */
  shareCopyPrefixes?: string[];
  /** The ids of their API keys, whose lookups sit outside the partition (absent in older plans). */
  apiKeyIds?: string[];
  startedAt: string;
}

export interface AccountDataStore {
  /** Every item under `USER#<id>`, at most `max + 1` (so the caller can tell there are more). */
  ownedRecords(userId: string, max: number): Promise<OwnedRecord[]>;
  /** The export's files, in order: one per exported record type's file, written even when empty. */
  exportFiles(): readonly ExportFile[];
  /** Deletes the lookups outside the partition (API keys, share tokens, username and email claims) and every item under `USER#<id>`, the profile last. */
  deleteOwned(plan: ClosurePlan): Promise<number>;
  /** The customer → user link of billing. */
  deleteCustomerLink(customerId: string): Promise<void>;
  /** Records a closure under way (outside the partition, so a retry still finds it). */
  saveClosure(plan: ClosurePlan): Promise<void>;
  closureOf(userId: string): Promise<ClosurePlan | undefined>;
  finishClosure(userId: string): Promise<void>;
}
