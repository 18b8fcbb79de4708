import type { Queue } from './queue';
import type { PublicationStatus, PublishingPlatform } from '../../contract/publishing';
import type { PostDetails, PostingCheckpoint } from './posting';

/**
 * The publishing ledger: one record per (video, account) under its owner, claimed with a
 * lease before any byte is uploaded. `dueAt` is when the record next needs a worker (its scheduled time,
 * now for a queued one, the lease's end while one is held, a retry's time after a transient failure):
 * the sweep finds every record due by it, so a lost message, a crash mid-upload or a scheduled time
 * all come back the same way. A final record is no longer due.
 */
export interface StoredPublication {
  id: string;
  userId: string;
  scriptId: string;
  accountId: string;
  platform: PublishingPlatform;
  accountName: string;
  status: PublicationStatus;
  /** The video as it was when the post was asked for (bucket key). */
  videoKey: string;
  /** The file carries the free plan's watermark (its render's record when the post was asked for); absent: not recorded. */
  watermarked?: boolean;
  durationSeconds?: number;
  post: PostDetails;
  /** Attempts claimed so far. */
  attempts: number;
  /** ms since the epoch; absent once final. */
  dueAt?: number;
  /** The holder of the claim and its end (ms). */
  leaseOwner?: string;
  leaseUntil?: number;
  checkpoint?: PostingCheckpoint;
  progress?: number;
  postId?: string;
  postUrl?: string;
  error?: string;
  /** Set when the outcome's webhook was handed over (once per publication). */
  announcedAt?: string;
  scheduledAt?: string;
  publishedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export type PublicationRef = Pick<StoredPublication, 'userId' | 'id'>;

export type CreateOutcome = 'created' | 'limit';

/** What a claim hands the worker: the record as claimed (attempts counted, lease held). */
export interface Claim {
  publication: StoredPublication;
  owner: string;
}

export interface PublicationStore {
  /**
   * Writes the publications and spends `publications.length` of the user's posts for `day` (UTC
   * `YYYY-MM-DD`) in one transaction: 'limit' (nothing written) when that would pass `limit`.
   */
  create(publications: readonly StoredPublication[], day: string, limit: number): Promise<CreateOutcome>;
  get(ref: PublicationRef): Promise<StoredPublication | undefined>;
  /** The user's publications, newest first (of one script when given), at most `max`. */
  list(userId: string, scriptId: string | undefined, max: number): Promise<StoredPublication[]>;
  /** scheduled → cancelled, only while scheduled; false otherwise. */
  cancel(ref: PublicationRef, now: string): Promise<boolean>;
  /**
   * Takes the lease when the record is active, not held (or its lease ended before `now`) and still at
   * `attempts` (so two workers reading the same record cannot both claim it).
   */
  claim(publication: StoredPublication, owner: string, now: number, leaseUntil: number): Promise<Claim | undefined>;
  /** Saves the checkpoint and extends the lease; false when the lease is no longer the owner's. */
  saveCheckpoint(claim: Claim, checkpoint: PostingCheckpoint | undefined, leaseUntil: number): Promise<boolean>;
  /** The live stage (uploading with a percentage, processing) and a longer lease; false when not the owner's. */
  saveProgress(claim: Claim, status: 'uploading' | 'processing', progress: number | undefined, leaseUntil: number): Promise<boolean>;
  /** Final: published or failed (the lease let go, no longer due); false when not the owner's. */
  finish(
    claim: Claim,
    outcome: { status: 'published'; postId: string; postUrl: string; at: string } | { status: 'failed'; error: string; at: string },
  ): Promise<boolean>;
  /** A transient failure: the lease let go, due again at `dueAt`, the reason kept for the card. */
  release(claim: Claim, dueAt: number, error: string, clearCheckpoint: boolean, now: string): Promise<boolean>;
  /** Ends a lease held by `publication.leaseOwner` (its process is gone): due now; false when it moved on. */
  breakLease(publication: StoredPublication, now: number): Promise<boolean>;
  /** Marks the outcome's webhook handed over; false when it already was. */
  markAnnounced(ref: PublicationRef, at: string): Promise<boolean>;
  /** Every user's publications due by `now`, oldest first, at most `max`. */
  due(now: number, max: number): Promise<StoredPublication[]>;
}

/** Hands a publication to a worker, now or after `delayMs`. */
export type PublicationQueue = Queue<PublicationRef>;

/** The outside world hears of an outcome: the live card and the webhooks. */
export interface PublicationEvents {
  /** The card: every change of status or progress. */
  changed(publication: StoredPublication): Promise<void>;
  /** A final outcome, once per publication: `video.published` or `video.publish_failed`. */
  finished(publication: StoredPublication): Promise<void>;
}
