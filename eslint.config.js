import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importZones from './lint/import-zones.js';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'frontend/dist', '.data', 'layers/**/bin'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['functions/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'openai', 'stripe', '@elevenlabs/*', '@middy/*', '@aws-lambda-powertools/*'],
              message: 'core imports no SDK',
            },
            { group: ['**/adapters/**', '**/http/**', '**/platform/**'], message: 'core depends on ports only' },
          ],
        },
      ],
    },
  },
  {
    // platform holds the transport and the entry context; the roots that pick and build adapters live in
    // functions/compose, so platform code runs the same whichever adapters a root chooses.
    files: ['functions/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters/**'], message: 'platform imports no adapter: build adapters in functions/compose' },
            { group: ['**/compose/**', '../compose', '../../compose'], message: 'platform does not import the composition roots (they import platform)' },
          ],
        },
      ],
    },
  },
  {
    // One data layer (docs/decisions/data-layer.md): outside its core, nothing talks to DynamoDB or spells an
    // expression; repositories say what they write through their entities (entity.ts, expressions.ts).
    // The core (table, entity, expressions, item-size) and the local table's provisioning are the only raw access;
    // tests may set up or inspect the table directly.
    files: ['functions/**/*.ts', 'bin/**/*.ts', 'lib/**/*.ts'],
    ignores: [
      'functions/adapters/aws/dynamo/table.ts',
      'functions/adapters/aws/dynamo/entity.ts',
      'functions/adapters/aws/dynamo/expressions.ts',
      'functions/adapters/aws/dynamo/item-size.ts',
      'bin/local/provision.ts',
      'bin/local/shared-dynamodb.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@aws-sdk/lib-dynamodb',
              allowTypeImports: true,
              message: 'DynamoDB is reached through the entity layer (functions/adapters/aws/dynamo/entity.ts, table.ts)',
            },
            {
              name: '@aws-sdk/client-dynamodb',
              allowTypeImports: true,
              message: 'DynamoDB is reached through the entity layer (functions/adapters/aws/dynamo/entity.ts, table.ts)',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(UpdateExpression|KeyConditionExpression|ConditionExpression|FilterExpression|ProjectionExpression)$/]',
          message: 'Expressions are built by the entity layer: entity.update/updateIf/updateItem, where.*, query options',
        },
      ],
    },
  },
  {
    // The entry points (docs/decisions/local-runtime.md): every Lambda handler gets its adapters through a
    // composition root (functions/compose), built by `composedOnFirstUse` or `createAreaHandler`. (A later block's
    // no-restricted-syntax replaces an earlier one's for the same file: the data layer's selector is repeated here.)
    files: ['functions/{http,jobs,automation,pipeline,realtime}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters/**'], message: 'an entry point takes its adapters from a composition root (functions/compose), not from adapters' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program:not(:has(ImportSpecifier[imported.name=/^(composedOnFirstUse|createAreaHandler|videoTaskDeps)$/])) ExportNamedDeclaration :matches(FunctionDeclaration, VariableDeclarator)[id.name='handler']",
          message: 'a handler is composed through compose: build its dependencies with composedOnFirstUse (platform/entry-point.ts) or createAreaHandler',
        },
        {
          selector: 'Property[key.name=/^(UpdateExpression|KeyConditionExpression|ConditionExpression|FilterExpression|ProjectionExpression)$/]',
          message: 'Expressions are built by the entity layer: entity.update/updateIf/updateItem, where.*, query options',
        },
      ],
    },
  },
  {
    // adapters/local is the local runtime's (its stand-ins and the offline providers): only the composition
    // roots choose it; no cloud code, adapter or entry point imports it.
    files: ['functions/**/*.ts'],
    ignores: [
      'functions/compose/**',
      'functions/adapters/local/**',
      'functions/core/**',
      'functions/platform/**',
      'functions/{http,jobs,automation,pipeline,realtime}/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/adapters/local/**', '**/adapters/local', '../local/**', '../../local/**'],
              message: 'only the composition roots (functions/compose) import adapters/local',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Restricted import zones (docs/architecture.md).
    files: ['frontend/**/*.{ts,tsx}', 'functions/contract/**/*.ts'],
    plugins: { 'import-zones': importZones },
    rules: {
      'import-zones/restricted': [
        'error',
        {
          zones: [
            {
              target: '^frontend/',
              from: '^(?!frontend/|functions/contract/|node_modules/)',
              message: 'the front end imports back-end code only through @contract (functions/contract)',
            },
            {
              target: '^frontend/',
              from: '^functions/contract/(?!rules/)',
              allowTypeImports: true,
              message:
                "the browser takes only types from the contract's schema modules (import type: zod stays on the server); values come from @contract/rules/*",
            },
            {
              target: '^frontend/src/features/(?<feature>[^/]+)/',
              from: '^frontend/src/features/',
              except: '^frontend/src/features/$<feature>/',
              message: "a feature does not import another feature's code: shared pieces live in src/components or src/lib",
            },
            {
              target: '^frontend/src/(?!features/|app/|main\\.tsx$)',
              from: '^frontend/src/(features|app)/',
              message: 'shared code (src/components, src/lib, src/config) does not import features or the app',
            },
            {
              target: '^frontend/src/features/',
              from: '^frontend/src/app/',
              message: 'features do not import the app shell (src/app composes them)',
            },
            {
              target: '^functions/contract/',
              // stemmer: Porter's stemmer, dependency-free and 6 KB, for matching clip tags by stem.
              from: '^(?!functions/contract/|node_modules/(zod|stemmer)(/|$))',
              message: 'the contract imports nothing but zod and itself: no core, adapters, platform or http, and nothing only Node has',
            },
            {
              target: '^functions/contract/rules/',
              from: '^(?!functions/contract/rules/|node_modules/stemmer(/|$))',
              message: 'the rules the browser bundles import only each other (no zod; the one pure package they use is stemmer)',
            },
          ],
        },
      ],
    },
  },
  {
    // The MCP server (docs/decisions/mcp-server.md) is a client of the public REST API: the MCP SDK, zod, the
    // contract's schemas and the log, nothing that reaches a table, bucket or provider.
    files: ['functions/mcp/**/*.ts'],
    plugins: { 'import-zones': importZones },
    rules: {
      'import-zones/restricted': [
        'error',
        {
          zones: [
            {
              target: '^functions/mcp/',
              from: '^(?!functions/mcp/|functions/contract/|functions/platform/observability/logging$|node_modules/(zod|@modelcontextprotocol/sdk)(/|$))',
              allowTypeImports: true,
              message: 'the MCP server calls the REST API: it imports only the MCP SDK, zod, the contract and the log',
            },
          ],
        },
      ],
    },
  },
);
