import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import rootConfig, { portalBoundary } from '../../eslint.config.js';

/**
 * The repository's lint setup, with one correction for this app: the root's "features never import each
 * other" pattern ('../../features/*') also matched app/routes/*, which is exactly where routes compose
 * features. Here the rule is scoped to feature files, and any relative import that climbs out of a
 * feature into a sibling feature (features/a/x/y.tsx -> ../../b/...) is refused; the list names every
 * feature folder of CONVENTIONS.md.
 */
export default [
  ...rootConfig,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only the runtime config module reads settings; the browser has no process.env.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through src/config.' },
      ],
      'no-restricted-imports': ['error', { patterns: portalBoundary }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through server/config.ts.' },
      ],
      'no-restricted-imports': ['error', { patterns: portalBoundary }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...portalBoundary,
            {
              regex:
                '^(\\.\\./)+(features/)?(auth|apply|profile|cvs|applications|cv-drops|contact|account|employer)(/|$)',
              message: 'Features must not import each other; shared code lives in components/ and lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...portalBoundary,
            { regex: '(^|/)(features|app)/', message: 'Shared code must not depend on features or app.' },
          ],
        },
      ],
    },
  },
];
