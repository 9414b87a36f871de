import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * A string as String.prototype.replace's second argument is a pattern (`$&`, `` $` ``, `$'` copy the
 * input into the output), so lint refuses one that is not a plain literal: text that carries data goes
 * in through a function, which is inserted as it is.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function refused(file: string, expression: string): Promise<boolean> {
  const code = `export const f = (text: string, data: string) => ${expression};\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.some((message) => message.ruleId === 'no-restricted-syntax');
}

describe('replace never takes data as its pattern', () => {
  it.each([
    ['apps/web/server/probe.ts', "text.replace('</head>', `${data}</head>`)"],
    ['apps/web/src/lib/probe.ts', "text.replace(':id', encodeURIComponent(data))"],
    ['services/candidate/src/probe.ts', 'text.replaceAll(/x/g, data)'],
    ['services/identity/src/probe.ts', "text.replace('a', 'b' + data)"],
    ['scripts/probe.ts', "text.replace(/x/, data ? data : '')"],
  ])('%s: %s is refused', async (file, expression) => {
    expect(await refused(file, expression)).toBe(true);
  });

  it.each([
    ['apps/web/server/probe.ts', "text.replace('</head>', () => `${data}</head>`)"],
    ['apps/web/src/lib/probe.ts', "text.replace(':id', () => encodeURIComponent(data))"],
    ['services/candidate/src/probe.ts', "text.replaceAll(/x/g, '$1-')"],
    ['services/identity/src/probe.ts', 'text.replace(/x/, `y`)'],
    ['scripts/probe.ts', 'text.replace(/x/, function () { return data; })'],
  ])('%s: %s is allowed', async (file, expression) => {
    expect(await refused(file, expression)).toBe(false);
  });
});
