/**
 * The creator's voice speed: 0.8x to 1.3x for every voice, offline and ElevenLabs, chosen
 * beside the voice and remembered per user (PATCH /api/user `voiceSpeed`). Shared by the server's
 * schema and the browser's speed select.
 */
export const voiceSpeedRange = { min: 0.8, max: 1.3, default: 1 } as const;

/** The speeds the select offers. */
export const voiceSpeedChoices: readonly number[] = [0.8, 0.9, 1, 1.1, 1.2, 1.3];

export const voiceSpeedMessage = `Voice speed must be between ${voiceSpeedRange.min}x and ${voiceSpeedRange.max}x`;

/** A speed inside the creator's range (a stored or computed value that may have drifted). */
export const clampVoiceSpeed = (speed: number) => Math.min(voiceSpeedRange.max, Math.max(voiceSpeedRange.min, speed));

/** How the select names a speed: `1x`, `1.2x`. */
export const voiceSpeedLabel = (speed: number) => `${Number(speed.toFixed(2))}x`;
