// Lint rules, including the import rules of docs/architecture.md:
// web and server never import each other; a web feature never imports another feature; a server module
// never imports another module's repository; SQL is written only in repositories (and db/, tests, fixtures).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ENUM_RULE = { selector: 'TSEnumDeclaration', message: 'Use a literal union instead of an enum.' };

const SERVER_NEVER_IMPORTS_WEB = {
  group: ['@app/web', '@app/web/*', '**/apps/web/**'],
  message: 'The server never imports the web app.',
};

// A module reaches another module through its service (which takes the open transaction), never through
// its repository: a repository touches its own module's tables only.
const OTHER_MODULES_REPOSITORY = {
  group: [
    '../*/*.repository',
    '../*/*.repository.js',
    '**/modules/*/*.repository',
    '**/modules/*/*.repository.js',
  ],
  message: "A module never imports another module's repository; call that module's service.",
};

// The seed makes demo data; the rules it uses live in the domain, where the application takes them from.
const SEED_DATA = {
  group: ['**/db/seed', '**/db/seed/**'],
  message: 'The application never imports the demo seed; take the rule from @app/domain.',
};

const SQL_MESSAGE = 'SQL is written only in repositories (*.repository.ts); a service or route calls one.';
const SQL_ONLY_IN_REPOSITORIES = [
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
  { selector: "MemberExpression[object.name='sql']", message: SQL_MESSAGE },
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
    message: SQL_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', ENUM_RULE],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_NEVER_IMPORTS_WEB] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_NEVER_IMPORTS_WEB, OTHER_MODULES_REPOSITORY] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_NEVER_IMPORTS_WEB, OTHER_MODULES_REPOSITORY, SEED_DATA] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', 'apps/server/src/db/**', '**/*.test.ts', '**/*.fixtures.ts'],
    rules: {
      'no-restricted-syntax': ['error', ENUM_RULE, ...SQL_ONLY_IN_REPOSITORIES],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/web', '@app/server', '**/apps/**'],
              message: 'The domain package depends on zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/server', '@app/server/*', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/server', '@app/server/*', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
            {
              // '../../api/' is the feature's own api/ seen from a folder inside components/ or pages/ (from
              // one level down it would be src/api/, which does not exist).
              group: ['@/features/*', '../../*/**', '!../../components/**', '!../../lib/**', '!../../api/**'],
              message: 'A feature never imports another feature; move shared pieces to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '**/features/**'], message: 'Shared UI and lib import no feature.' },
          ],
        },
      ],
    },
  },
);
