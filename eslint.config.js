import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
let features = [];
try {
  features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
} catch {
  features = [];
}

const webNeverImportsServer = {
  group: ['**/apps/server/**', '**/server/src/**', '@practice/server', '@practice/server/**'],
  message: 'The web app never imports the server.',
};

/** Relative or absolute paths into another feature's folder. */
function otherFeaturePaths(feature) {
  return features
    .filter((other) => other !== feature)
    .flatMap((other) => [
      `../${other}`,
      `../${other}/**`,
      `../../${other}`,
      `../../${other}/**`,
      `**/features/${other}/**`,
    ]);
}

/** Imports point one way (DESIGN.md): web -> shared, server -> shared; features never import each other. */
const importBoundaries = [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNeverImportsServer] }] },
  },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNeverImportsServer,
            { group: otherFeaturePaths(feature), message: 'A feature does not import another feature.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '**/web/src/**', '@practice/web', 'react', 'react-dom'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@practice/server', '@practice/web'],
              message: 'shared depends on nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...importBoundaries,
);
