import type { FunctionAccess } from './access';
import type { EntryContext } from './entry-context';
import { getConfig } from './config';

/**
 * An entry point's dependencies, composed on first use and kept while the configuration stays the
 * same (a warm Lambda keeps them; the local stack and tests get fresh ones after changing the
 * environment, because a new configuration object is read then).
 */
export function composedOnFirstUse<T>(entry: string, access: FunctionAccess, compose: (context: EntryContext) => T): () => T {
  let built: { config: unknown; deps: T } | undefined;
  return () => {
    const config = getConfig();
    if (built?.config !== config) built = { config, deps: compose({ entry, access, config }) };
    return built.deps;
  };
}
