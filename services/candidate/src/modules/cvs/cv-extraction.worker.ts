import { parentPort, workerData } from 'node:worker_threads';
import { UnpackLimitError } from './container-bounds';
import { UnsupportedContentError, docxPreviewHtml, extractCvText } from './cv-text';
import type { ExtractionRequest, ExtractionResult } from './cv-extraction';

const request = workerData as ExtractionRequest;

async function run(): Promise<string> {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  if (request.task === 'docx-preview') return docxPreviewHtml(bytes, request.title);
  return extractCvText(request.type, bytes);
}

run().then(
  (value): void => parentPort?.postMessage({ ok: true, value } satisfies ExtractionResult),
  (err: unknown): void =>
    parentPort?.postMessage({
      ok: false,
      kind:
        err instanceof UnsupportedContentError
          ? 'unsupported'
          : err instanceof UnpackLimitError
            ? 'too-large'
            : 'failed',
      message: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    } satisfies ExtractionResult),
);
