/**
 * Key builders for the single table. Everything a user owns sits under `USER#<id>` so that a query
 * can never cross tenants; records found by a secret (sessions, tickets) sit under the secret's hash.
 */
export const keys = {
  user: (userId: string) => `USER#${userId}`,
  /** The user's profile item: the User record and the plan's counters (the one place this key is made). */
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Under USER#<id>: the marker that a video run's minutes were charged (kept 90 days). */
  chargedRun: (userId: string, runId: string) => ({ pk: `USER#${userId}`, sk: `VIDEORUN#${runId}` }),
  session: (idHash: string) => `SESSION#${idHash}`,
  wsConnection: (connectionId: string) => `WSCONN#${connectionId}`,
  wsTicket: (ticketHash: string) => `WSTICKET#${ticketHash}`,
  username: (lowerUsername: string) => `USERNAME#${lowerUsername}`,
  email: (lowerEmail: string) => `EMAIL#${lowerEmail}`,
  link: (linkHash: string) => `LINK#${linkHash}`,
  /** Sort keys under USER#<id> (scripts workspace). */
  script: (scriptId: string) => `SCRIPT#${scriptId}`,
  scriptTemplate: (templateId: string) => `STEMPLATE#${templateId}`,
  voice: (voiceId: string) => `VOICE#${voiceId}`,
  userVoice: (voiceId: string) => `UVOICE#${voiceId}`,
  /** The preset voices everyone sees. */
  publicVoices: () => 'VOICES#public',
  /** Under USER#<id>: how many private voices the user has, the plan's voice-clone limit's counter. */
  voiceClones: 'VOICE_CLONES',
  /** Under USER#<id>: how many test voices (the developer test page) the user keeps; never the clones' counter. */
  testVoices: 'COUNT#TEST_VOICES',
  /** Under USER#<id>: how many script templates the user keeps (the 100-template bound's counter, plan-counter.ts). */
  scriptTemplateCount: 'COUNT#STEMPLATES',
} as const;

/**
 * The attributes of a video run's claim on a script item (outside the Script schema): the run's id and
 * when it claimed the script (ms). Written and removed by DynamoVideoRunStore, read as conditions by
 * the script writes a run must not race (DynamoScriptRepository).
 */
export const videoRunClaim = { runId: 'videoRunId', at: 'videoRunAt', renderedFrames: 'videoRenderedFrames', progressAt: 'videoProgressAt' } as const;

/** The one key of an item of the table: every key builder, entity and helper speaks it. */
export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * The media library, all under `USER#<id>`. Assets are also written to five generic indexes
 * (one per order and scope), so a page of any of the six orders is one Query (docs/decisions/media-library.md).
 */
export const mediaKeys = {
  asset: (assetId: string) => `MEDIA#${assetId}`,
  assetPrefix: 'MEDIA#',
  folder: (folderId: string) => `MFOLDER#${folderId}`,
  folderPrefix: 'MFOLDER#',
  upload: (uploadId: string) => `MUPLOAD#${uploadId}`,
  uploadPrefix: 'MUPLOAD#',
  usage: 'MEDIA_USAGE',
  /** gsi1: every asset by name; gsi2: every asset by size. */
  byName: (userId: string) => `USER#${userId}#MEDIA#NAME`,
  bySize: (userId: string) => `USER#${userId}#MEDIA#SIZE`,
  /** gsi3/gsi4/gsi5: one folder's (or the root's) assets by id, name, size. */
  inFolder: (userId: string, folderId: string | null) => `USER#${userId}#MEDIA#F#${folderId ?? 'ROOT'}`,
  /** gsi6: audio assets only (a sparse index), for the background-audio list. */
  audio: (userId: string) => `USER#${userId}#MEDIA#AUDIO`,
} as const;

/** Delivery: automation settings, scheduled emails, share links and mail quotas. */
export const deliveryKeys = {
  /** Under USER#<id>: the one automation settings record. */
  settings: 'DELIVERY_SETTINGS',
  scheduledEmail: (id: string) => `SCHEDEMAIL#${id}`,
  scheduledEmailPrefix: 'SCHEDEMAIL#',
  /** gsi1 of pending scheduled emails only (a sparse index): the every-minute sweep reads the due ones. */
  pendingEmails: 'DUE#SCHEDEMAIL',
  shareLink: (id: string) => `SHARE#${id}`,
  shareLinkPrefix: 'SHARE#',
  /** The public lookup of a share token, by its hash (the token itself is never a key). */
  shareToken: (tokenHash: string) => `SHARETOKEN#${tokenHash}`,
  /** Under USER#<id>: mails sent that UTC day / test mails that UTC hour. */
  mailDay: (day: string) => `MAILDAY#${day}`,
  testMailHour: (hour: string) => `TESTMAIL#${hour}`,
  /** An address that bounced or complained (SES feedback): nothing is mailed to it. */
  suppressedAddress: (lowerEmail: string) => `SUPPRESSED#${lowerEmail}`,
} as const;

/** Workflows: video templates, automation schedules and their runs, all under `USER#<id>`. */
export const workflowKeys = {
  template: (id: string) => `VTEMPLATE#${id}`,
  templatePrefix: 'VTEMPLATE#',
  schedule: (id: string) => `AUTOSCHED#${id}`,
  schedulePrefix: 'AUTOSCHED#',
  /** One run of a schedule per period (the claim that makes a double firing one video). */
  run: (scheduleId: string, period: string) => `AUTORUN#${scheduleId}#${period}`,
  /** Which run wrote a script (read when its video completes). */
  runOfScript: (scriptId: string) => `AUTOSCRIPT#${scriptId}`,
  /** The plan limits' counters (plan-counter.ts): video templates, and schedules that are active. */
  templateCount: 'COUNT#VTEMPLATES',
  activeScheduleCount: 'COUNT#ACTIVE_AUTOSCHED',
} as const;

/** Billing: outside any user's partition, because Stripe names them, not a user. */
export const billingKeys = {
  /** Which user a Stripe customer belongs to (written when the customer is made). */
  customer: (customerId: string) => ({ pk: `STRIPECUSTOMER#${customerId}`, sk: 'CLAIM' }),
  /** One webhook event, claimed once. */
  event: (eventId: string) => ({ pk: `STRIPEEVENT#${eventId}`, sk: 'EVENT' }),
} as const;

/** Closing an account: the closure under way, outside the partition it deletes. */
export const accountKeys = {
  closure: (userId: string) => ({ pk: `ACCOUNTCLOSURE#${userId}`, sk: 'CLOSURE' }),
} as const;
