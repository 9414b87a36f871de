// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One name per thing (issue 26 item 6, docs/decisions/0340): where SPEC does not fix the words, the portal
 * says what SPEC's own texts say. SPEC's fixed texts stay word for word, even where they differ.
 */
const NOT_CHOSEN: [RegExp, string][] = [
  [/\blog ?in\b|\blogged in\b|\blogging in\b/i, "'Sign in' (SPEC's 'Sign In' and 'Save Password & Sign in')"],
  [/\bsign[ -]?out\b|\bsigned out\b|\bsigning out\b/i, "'Logout' / 'log out' (SPEC's 'Logout' and its question)"],
  [/\be-mails?\b/i, "'email' (every SPEC text says 'email')"],
  [/\bpostcode\b/i, "'post code' (SPEC's 'Please enter your post code')"],
  [/\bsend new codes?\b/i, "'Resend' (SPEC's 'Resend')"],
];

/** SPEC's texts that are a whole label: 'Login' is the link to the sign-in step on sign-up and the apply form. */
const FIXED_LABELS = new Set(['Login']);

/** SPEC's own texts (and the issue's) that use a word the rule above does not choose: they stay word for word. */
const FIXED_TEXTS = [
  'Checking login status...',
  'Checking login status',
  'Failed to login',
  'Please check your login details',
  'Nobody is logged in',
  'Are you sure you want to logout? Logging out will end your current session.',
  // Issue 26 item 1's own words for the banner and the employer's note.
  'Confirm your e-mail so ',
  'E-mail not verified',
];

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Attributes whose strings are not read by anyone. */
const CODE_ATTRIBUTES =
  /^(className|id|to|href|name|type|autoComplete|inputMode|variant|htmlFor|role|rel|target|method|accept|key|src|path|aria-labelledby|aria-describedby|aria-controls|data-.*)$/;

/** The texts a person can read: JSX text, and strings with a space or a capital that are not module names or code attributes. */
function userFacingTexts(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { text: string; line: number }[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'import') return;
    if (ts.isJsxAttribute(node) && CODE_ATTRIBUTES.test(node.name.getText(source))) return;
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name)) {
      visit(node.initializer);
      return;
    }
    if (ts.isJsxText(node)) {
      const text = node.getText(source).replace(/\s+/g, ' ').trim();
      if (text) add(node, text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (/\s|^[A-Z][a-z]/.test(node.text)) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}'));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('one name per thing in what the portal says', () => {
  it('uses the chosen word wherever SPEC does not fix the text', { timeout: 30_000 }, () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(root)) {
      // Only the files that hold such a word anywhere are parsed (the parser is the slow part).
      const raw = readFileSync(file, 'utf8');
      if (!NOT_CHOSEN.some(([word]) => word.test(raw))) continue;
      for (const { text, line } of userFacingTexts(file)) {
        if (FIXED_LABELS.has(text)) continue;
        const free = FIXED_TEXTS.reduce((rest, fixed) => rest.split(fixed).join(' '), text);
        for (const [word, chosen] of NOT_CHOSEN)
          if (word.test(free)) offenders.push(`${relative(root, file)}:${line}: "${text}" — say ${chosen}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
