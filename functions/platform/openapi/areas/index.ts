import type { AreaName } from '../../routes';
import type { AreaTag } from '../document';
import type { AreaDescriptions } from '../route-description';
import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { brandingRoutes } from './branding';
import { deliveryRoutes } from './delivery';
import { mediaRoutes } from './media';
import { publishingRoutes } from './publishing';
import { scriptsRoutes } from './scripts';
import { statsRoutes } from './stats';
import { systemRoutes } from './system';
import { voiceoverRoutes } from './voiceover';
import { voicesRoutes } from './voices';
import { workflowsRoutes } from './workflows';

/** Every area's route descriptions (a record, so a new area without its file does not compile). */
export const routeDescriptions: Readonly<Record<AreaName, AreaDescriptions>> = {
  system: systemRoutes,
  auth: authRoutes,
  stats: statsRoutes,
  scripts: scriptsRoutes,
  voices: voicesRoutes,
  media: mediaRoutes,
  voiceover: voiceoverRoutes,
  delivery: deliveryRoutes,
  workflows: workflowsRoutes,
  branding: brandingRoutes,
  billing: billingRoutes,
  account: accountRoutes,
  publishing: publishingRoutes,
};

/** The reference page's groups, one per area, in the route table's order. */
export const areaTags: Readonly<Record<AreaName, AreaTag>> = {
  system: { name: 'System', description: 'Health, the CSRF token, realtime tickets and this document.' },
  auth: { name: 'Account', description: 'Sign-up, sign-in, the profile and password recovery.' },
  stats: { name: 'Plans and usage', description: 'The plans and what you have used of yours.' },
  scripts: { name: 'Scripts', description: 'Scripts, the writer, translation and starting a video.' },
  voices: { name: 'Voices', description: 'Voices, samples and cloning.' },
  media: { name: 'Media', description: 'Your library: uploads, folders, tags.' },
  voiceover: { name: 'Voice-over and playback', description: 'Voice-overs, previews, and your audio and video files.' },
  delivery: { name: 'Automations', description: 'E-mail and webhook settings, scheduled e-mails, share links.' },
  workflows: { name: 'Workflows', description: 'Video templates and automation schedules.' },
  branding: { name: 'Logo', description: 'The logo drawn on your videos.' },
  billing: { name: 'Billing', description: 'Checkout and the billing portal (cookie sessions only).' },
  account: { name: 'Your data', description: 'Export and account deletion (cookie sessions only).' },
  publishing: { name: 'Posting', description: 'Connected accounts and posts to TikTok, YouTube and Instagram.' },
};
