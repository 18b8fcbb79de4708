/** What the media library holds for a user, for the dashboard and the plan's storage limit. */
export interface MediaUsageReader {
  usage(userId: string): Promise<{ assets: number; bytes: number }>;
}

/** Voices the user cloned (private voices). */
export interface ClonedVoiceCounter {
  countPrivate(userId: string): Promise<number>;
}
