import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so every asset and entry path is independent of the working directory. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function fromRoot(...segments: string[]): string {
  return path.join(repoRoot, ...segments);
}
