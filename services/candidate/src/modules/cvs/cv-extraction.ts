import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CvFileType } from './cv-file-type';

/**
 * Parsers (mammoth, pdf.js, word-extractor) run in a worker thread with a heap ceiling and a deadline:
 * a file that makes one of them loop, recurse or allocate without end costs that worker, not the
 * process that answers requests. The ceiling covers the JavaScript heap; the unpack bounds checked
 * inside the worker before any parser runs (container-bounds.ts) cover the inflated buffers.
 */
export interface ExtractionLimits {
  timeoutMs: number;
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Workers alive at once in this process; further requests wait their turn. */
  concurrency: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 60_000,
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  concurrency: 2,
};

export type ExtractionRequest =
  { task: 'text'; type: CvFileType; bytes: Uint8Array } | { task: 'docx-preview'; title: string; bytes: Uint8Array };

export type ExtractionResult =
  { ok: true; value: string } | { ok: false; kind: 'unsupported' | 'too-large' | 'failed'; message: string };

export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(
    readonly kind: 'unsupported' | 'too-large' | 'failed' | 'out-of-memory' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Compiled, the worker is a JavaScript file next to this one. Under tsx (development, tests) it is
 * TypeScript, and Node 20 does not pass tsx's loader on to worker threads: a small bootstrap registers
 * it inside the worker first.
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { entry: new URL('./cv-extraction.worker.js', import.meta.url), eval: false };
  // The package's import entry; require.resolve finds its CommonJS twin, which cannot register ESM hooks.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL('./cv-extraction.worker.ts', import.meta.url).href;
  return {
    entry: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}
const { entry: workerCode, eval: workerIsEval } = workerEntry();

let running = 0;
const waiting: (() => void)[] = [];

async function slot(concurrency: number): Promise<() => void> {
  while (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function runWorker(request: ExtractionRequest, limits: ExtractionLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    // The bytes move to the worker rather than being copied, when they are an ArrayBuffer of their own: a
    // 10 MB CV is otherwise held twice while its parser runs. A slice of Node's shared pool is copied.
    const { bytes } = request;
    const own =
      bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const worker = new Worker(workerCode, {
      eval: workerIsEval,
      workerData: request,
      transferList: own ? [bytes.buffer as ArrayBuffer] : [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      },
      stdout: true,
      stderr: true,
    });
    // pdf.js prints warnings about odd files: not worth a log line each.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: { value: string } | { error: ExtractionError }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ('value' in outcome) resolve(outcome.value);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => settle({ error: new ExtractionError('timeout', `the parser took longer than ${limits.timeoutMs} ms`) }),
      limits.timeoutMs,
    );
    worker.on('message', (result: ExtractionResult) =>
      settle(result.ok ? { value: result.value } : { error: new ExtractionError(result.kind, result.message) }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      settle({
        error:
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError('out-of-memory', 'the parser ran out of memory')
            : new ExtractionError('failed', `the parser crashed: ${err.message}`.slice(0, 500)),
      }),
    );
    worker.on('exit', (code) =>
      settle({ error: new ExtractionError('failed', `the parser stopped (exit code ${code})`) }),
    );
  });
}

/**
 * Runs one extraction in its own worker, within the limits; rejects with ExtractionError. The request's
 * bytes are handed over: the caller must not use them afterwards.
 */
export async function runExtraction(
  request: ExtractionRequest,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<string> {
  const release = await slot(limits.concurrency);
  try {
    return await runWorker(request, limits);
  } finally {
    release();
  }
}
