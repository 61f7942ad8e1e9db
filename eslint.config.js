import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What code calls a record of a list, for the rule that none is spread. */
const RECORD_NAMES = '/^(row|record|seed|collection|group|seedGroup|item|pressItem|press|source)$/';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'test/e2e/screenshots',
      'docs',
      'bench/dist',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Browser code never uses the Node-only parts of the server.
      'no-restricted-imports': 'off',
    },
  },
  {
    files: [
      'src/app/**',
      'src/api/**',
      'src/features/**',
      'src/components/**',
      'src/lib/**',
      'src/contract/**',
      'src/scheduling/**',
    ],
    languageOptions: { globals: globals.browser },
    rules: {
      // A browser file over 300 lines says why at its top; none is over 450 (docs/architecture.md).
      'max-lines': ['error', { max: 450 }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', '**/server/**'], message: 'Browser code cannot use the server.' },
          ],
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                "Use src/components/link.tsx: the router's own links bring its data routers into the first screen.",
            },
          ],
        },
      ],
      // A row of a list reads its fields through getters on a shared prototype (row-block.ts):
      // spreading one, or listing its keys, sees nothing. The rule knows records by the names code
      // gives them (RECORD_NAMES); inside src/api, `toPlain` makes a plain copy where one is needed.
      'no-restricted-syntax': [
        'error',
        {
          selector: `ObjectExpression > SpreadElement > Identifier.argument[name=${RECORD_NAMES}]`,
          message:
            'Never spread a record: a row of a block spreads to nothing. Read its fields by name.',
        },
        {
          selector: `CallExpression[callee.object.name='Object'][callee.property.name=/^(keys|values|entries|assign)$/] > Identifier.arguments[name=${RECORD_NAMES}]`,
          message: 'A row of a block has no own keys: read its fields by name.',
        },
      ],
    },
  },
  {
    // The layers, one way: app → features → components → lib, with api and the wire contract
    // (src/contract) below them all, and the scheduling of long work (src/scheduling) below the
    // browser's layers, imported by any of them. Features never import each other; nothing in the
    // browser imports the server; the server never imports the browser's code or React.
    files: ['src/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Follow TypeScript modules too when looking for cycles.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other; src/app composes them.',
            })),
            {
              target: ['./src/components', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'Shared code never imports features or the app.',
            },
            {
              target: './src/lib',
              from: './src/components',
              message: 'lib is below components.',
            },
            {
              target: './src/api',
              from: ['./src/app', './src/features', './src/components', './src/lib'],
              message: 'The data layer is below everything that shows data.',
            },
            {
              // How rows are kept (columns, numbered metadata, the seeds' fast route) is the data
              // layer's own: everything above reads rows through src/api/row-view.ts.
              target: ['./src/app', './src/features', './src/components', './src/lib'],
              from: [
                './src/api/row-block.ts',
                './src/api/metadata-keys.ts',
                './src/api/stored-block.ts',
                './src/api/block-builder.ts',
                './src/api/fast-seed.ts',
              ],
              message:
                'Blocks are private to src/api: read a row’s metadata with metadataOf (src/api/row-view.ts).',
            },
            {
              target: './src/contract',
              from: './src',
              except: ['./contract'],
              message: 'The wire contract depends on nothing.',
            },
            {
              // What an address means (the pages, their list filters, the service's requests) is
              // read by the page and the server alike: it imports neither, nor React.
              target: './src/addresses',
              from: './src',
              except: ['./addresses', './contract'],
              message: 'Addresses depend only on the wire contract: the server reads them too.',
            },
            {
              target: './src/scheduling',
              from: './src',
              except: ['./scheduling'],
              message: 'Scheduling is below every layer: it imports nothing of the app.',
            },
            {
              target: ['./src/app', './src/features', './src/components', './src/lib', './src/api'],
              from: './src/server',
              message: 'Browser code cannot use the server.',
            },
            {
              target: './src/server',
              from: './src',
              except: ['./server', './contract', './addresses'],
              message: 'The server does not use the browser’s code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**', 'src/addresses/**', 'src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-*', 'react/*', '@tanstack/react-*'],
              message: 'The server, and the code it shares with the page, never use React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  reactHooks.configs.flat.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/server/**', 'test/**', 'bench/*.ts', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Asymmetric matchers (expect.any, objectContaining) are typed any by design.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
