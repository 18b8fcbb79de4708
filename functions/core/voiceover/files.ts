/**
 * Moved to core/scripts/lifecycle.ts (issue 11, part 5). Kept only for the delivery work in progress
 * (core/delivery/share-links.ts imports keyOfVideoUrl from here); remove once it imports the lifecycle.
 */
export { keyOfVideoUrl } from '../scripts/lifecycle';
