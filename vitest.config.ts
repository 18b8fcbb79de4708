import { defineConfig } from 'vitest/config';

// Node 20 is the pinned runtime (DESIGN 13): the SDKs' notices about it are noise in test output.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node', env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], environment: 'node', env, testTimeout: 120_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node', env,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
