import { readSsmParameter } from '../adapters/aws/ssm-parameter';
import type { RealtimeService } from '../core/realtime/realtime-service';
import { getAppOrigin } from '../platform/app-origin';
import type { EntryContext } from '../platform/entry-context';
import { realtimeOf } from './shared';

/** $connect, $disconnect and $default: the realtime service, and the app's origin (the only one $connect lets in). */
export function composeRealtime(context: EntryContext): { realtime: RealtimeService; appOrigin: () => Promise<string> } {
  return { realtime: realtimeOf(context), appOrigin: () => getAppOrigin(context.config, readSsmParameter) };
}
