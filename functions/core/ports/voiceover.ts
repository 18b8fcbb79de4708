/** Audio as the provider made it, turned into the MP3 the product stores (libmp3lame 128k mono 44.1 kHz). */
export interface AudioEncoder {
  toMp3(input: { audio: Uint8Array; format: 'wav' | 'mp3' }): Promise<{ mp3: Uint8Array; durationSeconds: number }>;
}

/** The user's audio-minute counter, changed only by single conditional writes (DESIGN decision 2). */
export interface AudioMinuteCounter {
  /** Adds `minutes` if the counter stays at or under `limit`; false (and nothing changed) if not. */
  add(userId: string, minutes: number, limit: number): Promise<boolean>;
  /** Starts the counter again, if the last reset is still `expectedLastReset` (one writer wins). */
  reset(userId: string, expectedLastReset: string, now: Date): Promise<void>;
}
