/**
 * Business metrics, by what happened (the platform's adapter writes them as CloudWatch EMF, namespace
 * `Reelsmith`; the names and dimensions are in platform/observability/metric-catalogue.ts). Every call
 * counts one event; a core service that is given none counts nothing.
 */
export interface Metrics {
  /** A video run claimed its script (a request or an automation run). */
  videoStarted(): void;
  /** A video recorded on its script; the render's wall time per second of video. */
  videoCompleted(renderSecondsPerVideoSecond: number): void;
  /** A run that ended without a video, by the step that failed. */
  videoFailed(step: string): void;
  /** A chunk of a parallel render: drawn now, or taken from an earlier render. */
  chunkRendered(reused: boolean): void;
  /** A voice-over made (and charged): its length in minutes. */
  voiceOverMade(minutes: number): void;
  postPublished(platform: string): void;
  /** A post given up: by platform and by the reason's code (the platform's own code when it gave one). */
  postFailed(platform: string, code: string): void;
  /** An answered API call, by route class (the route table's area) and status. */
  apiCall(routeClass: string, status: number): void;
  /** A plan limit refused something, by the limit's code. */
  planLimitHit(limit: string): void;
}
