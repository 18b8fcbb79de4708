import type { SessionService } from '../../core/sessions/session-service';
import type { EntryContext } from '../clients/entry';
import { sessionsOf } from './shared';

/** Being built (issue 14). */
export interface BillingDeps {
  sessions: SessionService;
}

export function composeBilling(context: EntryContext): BillingDeps {
  return { sessions: sessionsOf(context) };
}
