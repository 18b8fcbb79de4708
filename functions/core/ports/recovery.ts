/**
 * Runs left behind by a process that died: what was in flight when it stopped, found in the
 * table. Locally every such record belongs to the previous process (no execution outlives it).
 */
export type StrandedRun =
  /** A script whose video run claim is still on it (`videoRunId`). */
  | { kind: 'video'; userId: string; scriptId: string; runId: string }
  /** A script whose voice-over was being made (`audioGenerationStatus: 'generating'`) with no video run on it. */
  | { kind: 'audio'; userId: string; scriptId: string }
  /** An automation run still `running`. */
  | { kind: 'automation'; userId: string; scheduleId: string; period: string; test: boolean }
  /** A scheduled email claimed (`sending`) and never finished. */
  | { kind: 'email'; userId: string; id: string };

export type StrandedRunKind = StrandedRun['kind'];

export interface StrandedRunFinder {
  /** Every in-flight record, a page at a time (bounded by the adapter). */
  inFlight(): AsyncIterable<StrandedRun>;
}

/** The voice-over's own status (the conditional write that says a voice-over that never finished failed). */
export interface StrandedVoiceOvers {
  /** `generating` → `failed` with `reason`, only while still generating; false otherwise. */
  failVoiceOver(userId: string, scriptId: string, reason: string, now: string): Promise<boolean>;
}
