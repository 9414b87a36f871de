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
    // No zod outside the form-schema modules (docs/decisions/0310): zod checks what a person types, behind
    // the validation hook (src/lib/validation.ts), which loads zod (src/lib/zod-setup.ts) and then a form's
    // schema module after the page's first load. The services' answers are not parsed in the browser. Every
    // other module imports zod's and the contracts' types only, and the contracts' constants from their
    // zod-free *-values modules.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/**/*.test.{ts,tsx}',
      'src/testing/**',
      'src/lib/zod-setup.ts',
      'src/lib/form-rules.ts',
      'src/features/*/forms.ts',
      'src/{components,features,lib}/**/*-schema.ts',
      'src/{components,features,lib}/**/*-schemas.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'zod is for form-schema modules only (forms.ts, *-schema.ts), loaded by the validation hook.',
            },
            {
              name: '@hookform/resolvers/zod',
              allowTypeImports: true,
              message: 'The zod resolver comes with zod, from lib/zod-setup.ts (lib/validation.ts).',
            },
          ],
          patterns: [
            {
              regex: '^@careers/contracts/(identity|candidate|candidate-api|employer|errors|common|enums)$',
              allowTypeImports: true,
              message:
                'This contracts module builds zod schemas: import its types here, its constants from the *-values module, its schemas in a form-schema module.',
            },
          ],
        },
      ],
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
