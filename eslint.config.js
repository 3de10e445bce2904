import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * Boundaries (docs/decisions/0009-boundaries-the-linter-keeps.md). Tests may cross them: they render the
 * whole app or build the whole server.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));
// The application's steps, each a folder of its own beside the parts they share (api/, fields/, test/).
const applicationSteps = readdirSync(new URL('./apps/web/src/features/application', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['api', 'fields', 'test'].includes(entry.name))
  .map((entry) => entry.name);
// The API's modules, each a folder of apps/api/src/modules.
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundary = (regex, message) => ({ regex, message });
const notTheOtherApp = (app) =>
  boundary(`(^|/)apps/${app}/|^(\\.\\./)+${app}/src/|^@onboarding/${app}(/|$)`, `apps/web and apps/api share only packages/domain; do not import ${app}.`);
const restrictions = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const testFiles = ['**/*.test.{ts,tsx}', '**/test/**', '**/test-support/**'];
const featureBoundaries = (feature) => [
  notTheOtherApp('api'),
  boundary('^(\\.\\./)+app(/|$)', 'A feature does not import app/ (the entry wires the features); move what it needs to lib/.'),
  boundary(
    `^(\\.\\./)+(${webFeatures.filter((other) => other !== feature).join('|')})(/|$)`,
    'A feature does not import another feature; move what both need to lib/ or ui/.',
  ),
];

/**
 * A file `depth` folders below its module's own folder reaches another module with depth + 1 `../`: only its entry,
 * index.js, may follow (so never its repository, its plugin, or any other file of it).
 */
const throughTheEntry = (module, depth) =>
  boundary(
    `^(\\.\\./){${depth + 1}}(?!${module}/)[^./][^/]*/(?!index\\.js$)`,
    'A module imports another module only through its entry (../<module>/index.js): never its repository nor any other file of it. app.ts wires the modules by their plugin.ts.',
  );
const moduleBoundaries = (module, depth) => [
  notTheOtherApp('web'),
  throughTheEntry(module, depth),
  // Onboarding owns the applications; signing asks it through its entry, never the other way.
  ...(module === 'onboarding' ? [boundary('^(\\.\\./)+signing/', 'Onboarding does not import signing; signing asks onboarding (onboarding/index.ts).')] : []),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read once, by one schema (apps/api/src/config.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through apps/api/src/config.ts, not process.env.',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/config.ts', 'apps/api/src/test/**', 'scripts/**', 'tests/**', '**/*.test.ts', 'vitest.config.ts', 'apps/api/drizzle.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // No import cycles: a module that reaches itself through others cannot be read, tested or moved on its own.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/domain/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: testFiles,
    rules: restrictions(boundary('(^|/)apps/|^@onboarding/(api|web)(/|$)', 'packages/domain is imported by the apps; it imports neither.')),
  },
  {
    files: ['apps/api/**/*.ts'],
    ignores: testFiles,
    rules: restrictions(notTheOtherApp('web')),
  },
  // A module reaches another only through its entry; later rules replace earlier ones for the same files, so each
  // module's list repeats the app's.
  ...apiModules.flatMap((module) =>
    [0, 1, 2].map((depth) => ({
      files: [`apps/api/src/modules/${module}/${'*/'.repeat(depth)}*.ts`],
      ignores: testFiles,
      rules: restrictions(...moduleBoundaries(module, depth)),
    })),
  ),
  {
    // An entry hands out no repository: a repository's type names may pass through it, its values may not.
    files: ['apps/api/src/modules/*/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '-repository\\.js$',
              allowTypeImports: true,
              message: "A module's entry does not hand out its repository: the other modules ask the module, not its tables.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/i18n/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: restrictions(
      notTheOtherApp('api'),
      boundary('^(\\.\\./)+(app|features)(/|$)', 'lib/, ui/ and i18n/ are shared by the features; they import no feature and nothing of app/.'),
    ),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: restrictions(...featureBoundaries(feature)),
  })),
  ...applicationSteps.map((step) => ({
    // Later rules replace earlier ones for the same files, so a step's list repeats its feature's.
    files: [`apps/web/src/features/application/${step}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: restrictions(
      ...featureBoundaries('application'),
      boundary(
        `^(\\.\\./)+(${applicationSteps.filter((other) => other !== step).join('|')})(/|$)`,
        'A step does not import another step; move what both need to features/application/fields/ or api/.',
      ),
    ),
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
);
