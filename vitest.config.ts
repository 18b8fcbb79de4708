import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node 20 is the pinned runtime: the SDKs' notices about it are noise in test output.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' };
// The front end's modules, which the unit tests import, reach the shared contract as `@contract` (frontend/vite.config.ts).
const resolve = { alias: { '@contract': fileURLToPath(new URL('./functions/contract', import.meta.url)) } };

export default defineConfig({
  test: {
    projects: [
      // Unit tests are pure and share no state through modules: one module graph for all of them (48 s to 19 s here).
      { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env, isolate: false } },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/shared-dynamodb.ts'],
          setupFiles: ['test/support/file-environment.ts'],
          environment: 'node',
          env,
          // A worker imports the stack's modules once for all its files, not once per file (import time summed
          // over the files: 230 s to 21 s; the project's wall time 505 s to 368 s here). Each file still starts
          // its own stack; what it sets in process.env is put back when it ends (file-environment.ts).
          isolate: false,
          // Generous: on a loaded 2-core machine a full-size render that takes 20 s alone can take three times
          // that; a hang still fails.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: each has its own stack (and table in the shared database), and much of a
          // file's time is spent waiting (renders, throttle delays, polling), so two share the two cores.
          maxWorkers: 2,
        },
      },
      // The infra tests read the synthesized stack and never change it: one module graph, so the CDK is loaded
      // and the default stack synthesized once for all files (test/infra/support/stack.ts).
      { resolve, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], environment: 'node', env, testTimeout: 120_000, isolate: false } },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/setup/chromium.ts', 'test/support/shared-dynamodb.ts'],
          setupFiles: ['test/support/file-environment.ts'],
          environment: 'node',
          isolate: false,
          // Journeys are about the screens: videos are drawn as 360x640 drafts (a third of the render time);
          // the files that measure the picture itself (exact-preview, logo) render at full size.
          env: { ...env, RENDER_DRAFT: 'true' },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two journeys at a time (three, with the infra tests beside them, was tried: a journey failed twice in
          // four runs). No step is tried twice: a flake is a defect to find (docs/decisions/test-suite.md).
          maxWorkers: 2,
          retry: 0,
        },
      },
    ],
  },
});
