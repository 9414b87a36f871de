import { createInflate } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Limits on what a compressed container may unpack to. A 10 MB upload can hold gigabytes of zeros,
 * and the parsers (mammoth's zip reader, pdf.js) trust the archive: they are only handed files whose
 * parts were first inflated here, with a running count, into nothing.
 */
export const UNPACK_LIMITS = { maxEntries: 2000, maxPartBytes: 32 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };
/** A PDF's Flate streams include fonts and images, which text extraction skips but a scan cannot tell apart. */
export const PDF_UNPACK_LIMITS = { maxTotalBytes: 256 * 1024 * 1024 };

export class UnpackLimitError extends Error {
  override name = 'UnpackLimitError';
}

function openZip(source: string | Buffer): Promise<yauzl.ZipFile> {
  // validateEntrySizes: a part that inflates past its declared size is an error, not more bytes.
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: yauzl.ZipFile) =>
      err || !zip ? reject(err ?? new Error('not a zip')) : resolve(zip);
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

function inflatedSize(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable part'));
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit) {
          stream.destroy();
          reject(new UnpackLimitError(`${entry.fileName} unpacks to more than ${limit} bytes`));
        }
      });
      stream.on('end', () => resolve(bytes));
      stream.on('error', (error: Error) =>
        reject(
          /too many bytes/.test(error.message)
            ? new UnpackLimitError(`${entry.fileName} unpacks to more than it declares`)
            : error,
        ),
      );
    });
  });
}

/**
 * Inflates every part of a zip (a path or the bytes) and counts what comes out, whatever the headers
 * declare. Answers the names of the non-empty parts, or throws: UnpackLimitError past a limit, any
 * other error for a broken archive.
 */
export async function checkZipBounds(source: string | Buffer, limits = UNPACK_LIMITS): Promise<Set<string>> {
  const zip = await openZip(source);
  try {
    if (zip.entryCount > limits.maxEntries) throw new UnpackLimitError(`more than ${limits.maxEntries} parts`);
    const names = new Set<string>();
    let total = 0;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) return names;
      if (entry.fileName.endsWith('/')) continue;
      // Declared sizes only let us refuse early; the count below is what holds.
      if (entry.uncompressedSize > limits.maxPartBytes || total + entry.uncompressedSize > limits.maxTotalBytes) {
        throw new UnpackLimitError(`${entry.fileName} declares more than the limit`);
      }
      const size = await inflatedSize(zip, entry, Math.min(limits.maxPartBytes, limits.maxTotalBytes - total));
      total += size;
      if (size > 0) names.add(entry.fileName);
    }
  } finally {
    zip.close();
  }
}

/** Streams `data` through zlib's inflate, counting the output and keeping none of it. */
function countInflate(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let bytes = 0;
    let settled = false;
    const finish = (n: number) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(n);
    };
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) finish(bytes);
    });
    inflate.on('end', () => finish(bytes));
    // Not zlib data (another filter, or a broken stream): pdf.js cannot inflate more of it than we did.
    inflate.on('error', () => finish(bytes));
    inflate.end(data);
  });
}

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');

/**
 * Inflates every stream of a PDF that zlib can read (whatever its dictionary says, so a lying /Length
 * or /Filter changes nothing) and throws UnpackLimitError when their sum passes the limit.
 */
export async function checkPdfBounds(bytes: Buffer, limits = PDF_UNPACK_LIMITS): Promise<void> {
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) return;
    let start = keyword + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = bytes.indexOf(ENDSTREAM, start);
    const stop = end < 0 ? bytes.length : end;
    // "endstream" itself contains "stream": skip past it, and past words that merely end in it.
    if (keyword >= 3 && bytes.subarray(keyword - 3, keyword).toString('latin1') === 'end') {
      at = start;
      continue;
    }
    total += await countInflate(bytes.subarray(start, stop), limits.maxTotalBytes - total);
    if (total > limits.maxTotalBytes)
      throw new UnpackLimitError(`the PDF's streams unpack to more than ${limits.maxTotalBytes} bytes`);
    at = stop;
  }
}
