import type { RealtimeService } from '../core/realtime/realtime-service';
import type { EntryContext } from '../platform/entry-context';
import { realtimeOf } from './shared';

/** $connect, $disconnect and $default: the realtime service alone. */
export function composeRealtime(context: EntryContext): { realtime: RealtimeService } {
  return { realtime: realtimeOf(context) };
}
