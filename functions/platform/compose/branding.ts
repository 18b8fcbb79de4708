import type { SessionService } from '../../core/sessions/session-service';
import type { EntryContext } from '../clients/entry';
import { sessionsOf } from './shared';

/** Being built (issue 14). */
export interface BrandingDeps {
  sessions: SessionService;
}

export function composeBranding(context: EntryContext): BrandingDeps {
  return { sessions: sessionsOf(context) };
}
