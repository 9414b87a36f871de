import { createWriteStream, readFileSync } from 'node:fs';
import { UnpackLimitError } from './container-bounds';
import type { ExtractionHeader, ExtractionResult } from './cv-extraction';
import { UnsupportedContentError, docxPreviewHtml, extractCvText } from './cv-text';

/**
 * The extraction child (cv-extraction.ts): reads one request on stdin (a JSON header line, then the
 * file's bytes), answers on fd 3, and exits. It runs under the memory and CPU caps its parent set.
 * With `--serve` it is the reader that stays started (cv-reader-pool.ts): requests one after another,
 * each header carrying its body's size, each answer one JSON line; it exits when its stdin ends.
 */

async function readInput(): Promise<{ header: ExtractionHeader; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const input = Buffer.concat(chunks);
  const newline = input.indexOf(0x0a);
  return {
    header: JSON.parse(input.subarray(0, newline).toString('utf8')) as ExtractionHeader,
    bytes: input.subarray(newline + 1),
  };
}

/**
 * The parser runs only under the memory cap it was promised: where /proc tells (Linux), the data limit
 * must be set and at most that. A wrapper that did not apply it leaves the file unparsed.
 */
function memoryCapApplied(expectedBytes: number): boolean {
  let limits: string;
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return process.platform !== 'linux';
  }
  const soft = /^Max data size\s+(\S+)/m.exec(limits)?.[1];
  return soft !== undefined && soft !== 'unlimited' && Number(soft) <= expectedBytes;
}

async function run(header: ExtractionHeader, bytes: Buffer): Promise<unknown> {
  switch (header.task) {
    case 'docx-preview':
      return docxPreviewHtml(bytes, header.title);
    case 'text':
      return extractCvText(header.type, bytes);
    case 'autofill': {
      // Loaded only here: the child starts once per file, and the other tasks need no e-mail schema.
      const { findCvFields } = await import('../cv-autofill/cv-fields');
      return findCvFields(await extractCvText(header.type, bytes));
    }
  }
}

function failure(err: unknown): ExtractionResult {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  if (err instanceof UnsupportedContentError) return { ok: false, kind: 'unsupported', message };
  if (err instanceof UnpackLimitError) return { ok: false, kind: 'too-large', message };
  // The data limit reached by an ArrayBuffer: a RangeError the parser may pass on.
  if (err instanceof RangeError && /allocation failed|array buffer length/i.test(message))
    return { ok: false, kind: 'out-of-memory', message: 'the parser ran out of memory' };
  return { ok: false, kind: 'failed', message };
}

async function answer(header: ExtractionHeader, bytes: Buffer): Promise<ExtractionResult> {
  try {
    if (!memoryCapApplied(header.memoryBytes))
      return { ok: false, kind: 'failed', message: 'the memory cap was not applied; nothing was parsed' };
    return { ok: true, value: await run(header, bytes) };
  } catch (err) {
    return failure(err);
  }
}

async function main(): Promise<ExtractionResult> {
  try {
    const { header, bytes } = await readInput();
    return await answer(header, bytes);
  } catch (err) {
    return failure(err);
  }
}

/** The reader that stays started: one request after another until stdin ends (its parent closed it or died). */
async function serve(): Promise<void> {
  const out = createWriteStream('', { fd: 3 });
  let buffered: Buffer = Buffer.alloc(0);
  for await (const chunk of process.stdin) {
    buffered = buffered.length === 0 ? (chunk as Buffer) : Buffer.concat([buffered, chunk as Buffer]);
    for (;;) {
      const newline = buffered.indexOf(0x0a);
      if (newline < 0) break;
      const header = JSON.parse(buffered.subarray(0, newline).toString('utf8')) as ExtractionHeader & { size: number };
      const end = newline + 1 + header.size;
      if (buffered.length < end) break;
      const bytes = Buffer.from(buffered.subarray(newline + 1, end));
      buffered = buffered.subarray(end);
      const result = await answer(header, bytes);
      out.write(`${JSON.stringify({ result, rss: process.memoryUsage().rss })}\n`);
    }
  }
  // pdf.js may leave timers behind: the process ends with its input.
  out.end(() => process.exit(0));
}

if (process.argv.includes('--serve')) await serve();
else {
  const result = await main();
  const out = createWriteStream('', { fd: 3 });
  // pdf.js may leave timers behind: the answer is written, then the process ends.
  out.end(JSON.stringify(result), () => process.exit(0));
}
