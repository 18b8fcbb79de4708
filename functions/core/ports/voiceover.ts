/** Audio as the provider made it, turned into the MP3 the product stores (libmp3lame 128k mono 44.1 kHz). */
export interface AudioEncoder {
  toMp3(input: { audio: Uint8Array; format: 'wav' | 'mp3' }): Promise<{ mp3: Uint8Array; durationSeconds: number }>;
}
