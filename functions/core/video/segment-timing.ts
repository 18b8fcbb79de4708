/**
 * When each segment (shot) is on screen: the rule is the contract's (contract/rules/shot-timing.ts), so
 * Switch Scenes shows the same starts and lengths the render uses.
 */
export { segmentTimes, spokenWordCount, type SegmentTime } from '../../contract/rules/shot-timing';
