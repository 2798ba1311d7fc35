// ESLint (flat config): the rules the field runs on a Remix app (as the Epic Stack's @epic-web/config
// does): JavaScript's and TypeScript's recommended sets, React, hooks, jsx-a11y and import order.
// Prettier formats; nothing here is about layout. `npm run lint` runs it; scripts/test.sh too.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      'data*/**',
      'test-results/**',
      'playwright-report/**',
      'server/marketplace/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      // Types are checked by tsc; these two would repeat it less well.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // This project refuses control characters on purpose (a NUL or a C0 control in text is
      // stripped or refused at every boundary), so a regular expression naming them is the point.
      'no-control-regex': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // The two classic hook rules, as the Epic Stack runs them; the plugin's newer recommended set
      // adds the React Compiler's rules (refs, setState in effects), and this React 18 app does not
      // use the compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props.
      'react/prop-types': 'off',
      // A label around its input with the text from an expression (a translated name) is associated;
      // the rule cannot see expression text.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3 }],
    },
  },
  {
    files: ['app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The pages ship their own i18n (decision 004); the real libraries are the marketplace's (e-mails, spreadsheets).
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['i18next', 'react-i18next'].map((name) => ({
            name,
            message: 'The pages use ~/i18n/light-i18next and ~/i18n/light-react-i18next (decision 004).',
          })),
        },
      ],
    },
  },
  {
    // Untyped on purpose: Node's response methods patched in place, the CLI's JSON answers, PayPal's fake.
    files: [
      'server/http/string-bodies.ts',
      'server/marketplace/cli/admin-client.ts',
      'tests/integration/paypal.test.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
