import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../../bin/local/stack';
import { TestClient } from './http-client';

const staticRoot = fileURLToPath(new URL('../fixtures/site', import.meta.url));

/** One isolated, in-memory stack per test file (vitest runs files in separate workers). */
/**
 * The whole product in memory. Its videos are 360x640 drafts (`RENDER_DRAFT`) unless a file measures the
 * picture (video-pipeline, logo: `renderDraft: false`); the renderer's own tests draw at full size.
 */
export async function startTestStack(options: Pick<LocalStackOptions, 'retryScale' | 'renderDraft'> = {}): Promise<LocalStack> {
  return startLocalStack({ port: 0, inMemory: true, quiet: true, staticRoot, renderDraft: true, ...options });
}

export function clientFor(stack: LocalStack): TestClient {
  return new TestClient(stack.url);
}
