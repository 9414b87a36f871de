import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The parts' boundaries (docs/decisions/0003, design.md §1): the portal never imports a service, the
 * services never import each other, contracts import no app, server-kit imports no service, and scripts
 * reach a service only through its public entry point (`@careers/<service>/public`). The product (the
 * portal, the services' src, server-kit) never imports @careers/test-support, which the tests, e2e and the
 * scripts share (docs/decisions/0190). apps/web/eslint.config.js repeats the portal's patterns where it sets
 * its own no-restricted-imports.
 */
const relativeInto = (folder) => ({
  regex: `^(\\.\\./)+${folder}/`,
  message: `Import ${folder} through its package, not its files.`,
});
const noService = (name) => ({
  group: [`@careers/${name}`, `@careers/${name}/*`],
  message: `The ${name} service is reached over HTTP only.`,
});
const noTestSupport = {
  group: ['@careers/test-support', '@careers/test-support/*'],
  message: 'The product never depends on test support.',
};
export const portalBoundary = [
  noService('identity'),
  noService('candidate'),
  noTestSupport,
  relativeInto('services'),
  relativeInto('packages'),
];
const identityBoundary = [
  noService('candidate'),
  relativeInto('candidate'),
  relativeInto('packages'),
  relativeInto('apps'),
];
const candidateBoundary = [
  noService('identity'),
  relativeInto('identity'),
  relativeInto('packages'),
  relativeInto('apps'),
];
/**
 * Inside both services (docs/decisions/0185, 0200, 0206): a module's data is read through its service, so
 * no file imports another module's repository (`../<other>/<other>.repository`, `modules/<m>/<m>.repository`
 * from the app, workers and plugins), and a routes file imports no repository at all: it parses,
 * authorizes and calls one service function. ESLint does not merge a rule's options set twice for a file,
 * so each block repeats the service's boundary patterns.
 */
const noOtherModulesRepository = {
  regex: '(^|/)(\\.\\.|modules)/[^/]+/[^/]+\\.repository(\\.[jt]s)?$',
  message: "Read another module's data through its service, not its repository (docs/decisions/0185).",
};
const noRepositoryInRoutes = {
  regex: '\\.repository(\\.[jt]s)?$',
  message:
    'A routes file calls a service function; only the module’s service reads its repository (docs/decisions/0185).',
};
const boundaries = [
  { files: ['apps/web/**/*.{ts,tsx}'], patterns: portalBoundary },
  { files: ['services/identity/**/*.ts'], patterns: identityBoundary },
  {
    files: ['services/identity/src/**/*.ts'],
    patterns: [...identityBoundary, noTestSupport, noOtherModulesRepository],
  },
  {
    files: ['services/identity/src/modules/**/*.routes.ts'],
    patterns: [...identityBoundary, noTestSupport, noRepositoryInRoutes],
  },
  { files: ['services/candidate/**/*.ts'], patterns: candidateBoundary },
  {
    files: ['services/candidate/src/**/*.ts'],
    patterns: [...candidateBoundary, noTestSupport, noOtherModulesRepository],
  },
  {
    files: ['services/candidate/src/modules/**/*.routes.ts'],
    patterns: [...candidateBoundary, noTestSupport, noRepositoryInRoutes],
  },
  {
    files: ['packages/contracts/**/*.ts'],
    patterns: [
      { group: ['@careers/*', '!@careers/contracts'], message: 'Contracts depend on no other part.' },
      relativeInto('services'),
      relativeInto('apps'),
      relativeInto('server-kit'),
    ],
  },
  {
    files: ['packages/server-kit/**/*.ts'],
    patterns: [
      noService('identity'),
      noService('candidate'),
      noTestSupport,
      { group: ['@careers/web', '@careers/web/*'], message: 'server-kit serves the services.' },
      relativeInto('services'),
      relativeInto('apps'),
    ],
  },
  {
    files: ['packages/test-support/**/*.ts'],
    patterns: [
      noService('identity'),
      noService('candidate'),
      { group: ['@careers/web', '@careers/web/*'], message: 'Test support reaches the parts over HTTP.' },
      relativeInto('services'),
      relativeInto('apps'),
    ],
  },
  {
    files: ['scripts/**/*.{ts,mjs}'],
    patterns: [
      {
        regex: '^(\\.\\./)+(services|apps)/[^/]+/src/',
        message: 'Scripts use a part through its public entry point (@careers/<service>/public).',
      },
    ],
  },
].map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/server-dist/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  {
    // A string as replace's second argument is a pattern: `$&`, `` $` `` and `$'` in it copy the input
    // into the output, so text that carries data (a job's title, a setting) is replaced by a function,
    // which is inserted as it is. Literals without `${…}` are the only strings allowed there.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2][arguments.1.type!=/^(Literal|TemplateLiteral|ArrowFunctionExpression|FunctionExpression)$/]',
          message: 'Pass replace a literal or a function: a string holding data is a replacement pattern ($&, $`).',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type='TemplateLiteral'][arguments.1.expressions.length>0]",
          message: 'Pass replace a literal or a function: a string holding data is a replacement pattern ($&, $`).',
        },
      ],
    },
  },
  {
    // Only each app's config module reads the environment (DESIGN §2). apps/web has its own
    // eslint.config.js (ESLint resolves the nearest one), which adds the browser and React rules.
    files: ['services/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/config.ts', 'packages/server-kit/src/testing.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through the config module.' },
      ],
    },
  },
);
