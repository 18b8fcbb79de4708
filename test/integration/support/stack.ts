import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../../bin/local/stack';
import { TestClient } from './http-client';

const staticRoot = fileURLToPath(new URL('../fixtures/site', import.meta.url));

/** One isolated, in-memory stack per test file (vitest runs files in separate workers). */
export async function startTestStack(options: Pick<LocalStackOptions, 'retryScale'> = {}): Promise<LocalStack> {
  return startLocalStack({ port: 0, inMemory: true, quiet: true, staticRoot, ...options });
}

export function clientFor(stack: LocalStack): TestClient {
  return new TestClient(stack.url);
}
