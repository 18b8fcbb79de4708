/**
 * Where a voice sample waits between its upload and the clone (issue 16): under `tmp/`, which the bucket
 * empties after a day, and under the user's id, so a clone can only ever read its own user's uploads
 * (another user's upload id names an object that is not there). Account closure removes it too.
 */
export const voiceSampleUploadPrefix = (userId: string) => `tmp/voice-samples/${userId}/`;
