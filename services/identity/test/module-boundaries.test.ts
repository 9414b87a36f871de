import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The identity modules' rule (eslint.config.js, docs/decisions/0185): a routes file imports no repository,
 * and a module imports no other module's repository. Each case lints one import as if it were in the file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });
const modules = 'services/identity/src/modules';

async function refused(file: string, specifier: string): Promise<boolean> {
  const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, modules, file) });
  return result!.messages.some((message) => message.ruleId === 'no-restricted-imports');
}

describe('identity modules reach each other through their services', () => {
  it.each([
    ['users/users.routes.ts', './users.repository'],
    ['tokens/tokens.routes.ts', '../users/users.repository'],
    ['codes/codes.routes.ts', '../mail/mail.repository'],
    ['accounts/accounts.service.ts', '../users/users.repository'],
    ['codes/codes.service.ts', '../mail/send-limits.repository'],
    ['account-events/account-events.worker.ts', '../users/users.repository'],
    ['email-change/email-change.service.ts', '../../modules/tokens/tokens.repository'],
    // The service boundaries still hold in the modules' files.
    ['users/users.routes.ts', '../../../../candidate/src/app'],
    ['users/users.service.ts', '@careers/test-support/http'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['users/users.service.ts', './users.repository'],
    ['mail/mail.worker.ts', './mail.repository'],
    ['users/users.routes.ts', './users.service'],
    ['codes/codes.routes.ts', '../users/users.service'],
    ['email-change/email-change.service.ts', '../tokens/tokens.service'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });
});
