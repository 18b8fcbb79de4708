/**
 * Response types the front end reads. Until the back end exports shared contract schemas these
 * mirror the spec's entities (000 section 3); only the fields the client uses are required.
 */
export type SubscriptionTier = 'free' | 'basic' | 'pro';

export interface User {
  id: string;
  username?: string;
  email?: string;
  name?: string | null;
  subscriptionTier?: SubscriptionTier;
  emailVerified?: boolean;
  [field: string]: unknown;
}
