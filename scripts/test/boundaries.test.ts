import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The parts' boundaries hold because lint refuses to cross them (eslint.config.js). Each case lints one
 * import placed in a file of a part, as if it were there, and expects the boundary rule to refuse it, or
 * to let a permitted import through.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function refused(file: string, specifier: string, kind = ''): Promise<boolean> {
  const code = `import ${kind}{ x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.some((message) =>
    /^(@typescript-eslint\/)?no-restricted-imports$/.test(message.ruleId ?? ''),
  );
}

describe('the parts stay apart', () => {
  it.each([
    ['apps/web/src/lib/probe.ts', '@careers/identity/public'],
    ['apps/web/src/features/cvs/probe.tsx', '@careers/candidate/public'],
    ['apps/web/src/components/probe.tsx', '../../../services/candidate/src/app'],
    ['apps/web/server/probe.ts', '@careers/identity/public'],
    ['services/identity/src/probe.ts', '@careers/candidate/public'],
    ['services/identity/src/modules/users/probe.ts', '../../../../candidate/src/app'],
    ['services/candidate/src/probe.ts', '@careers/identity/public'],
    ['packages/contracts/src/probe.ts', '@careers/server-kit/png'],
    ['packages/server-kit/src/probe.ts', '@careers/candidate/public'],
    ['scripts/probe.ts', '../services/candidate/src/app'],
    ['apps/web/src/lib/probe.ts', '@careers/test-support/fixtures'],
    ['apps/web/server/probe.ts', '@careers/test-support/http'],
    ['services/identity/src/probe.ts', '@careers/test-support/bot-check'],
    ['services/candidate/src/modules/cvs/probe.ts', '@careers/test-support/fixtures'],
    ['packages/server-kit/src/probe.ts', '@careers/test-support/http'],
    ['packages/test-support/src/probe.ts', '@careers/candidate/public'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['services/candidate/src/probe.ts', '@careers/server-kit/database'],
    ['scripts/probe.ts', '@careers/candidate/public'],
    ['packages/contracts/src/probe.ts', './common'],
    ['services/candidate/test/probe.ts', '@careers/test-support/fixtures'],
    ['services/identity/test/probe.ts', '@careers/test-support/bot-check'],
    ['e2e/support/probe.ts', '@careers/test-support/employer'],
    ['scripts/seed.ts', '@careers/test-support/api-client'],
    ['scripts/test/probe.ts', '@careers/test-support/fixtures'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });

  // No zod in the portal outside its form-schema modules (docs/decisions/0310); its types anywhere.
  it.each([
    ['apps/web/src/lib/api/candidate/probe.ts', 'zod'],
    ['apps/web/src/lib/probe.ts', '@careers/contracts/identity'],
    ['apps/web/src/features/apply/components/probe.tsx', 'zod'],
    ['apps/web/src/config/probe.ts', 'zod'],
    ['apps/web/src/first-paint/probe.ts', '@careers/contracts/candidate'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['apps/web/src/features/apply/forms.ts', 'zod', ''],
    ['apps/web/src/features/contact/contact-form-schema.ts', '@careers/contracts/candidate', ''],
    ['apps/web/src/components/change-address-schema.ts', 'zod', ''],
    ['apps/web/src/lib/api/candidate/probe.ts', '@careers/contracts/candidate', 'type '],
    ['apps/web/src/lib/probe.ts', 'zod', 'type '],
  ])('%s may import %s %s', async (file, specifier, kind) => {
    expect(await refused(file, specifier, kind)).toBe(false);
  });
});
