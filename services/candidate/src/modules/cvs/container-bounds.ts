import { readFile } from 'node:fs/promises';
import { createInflate, type Inflate } from 'node:zlib';
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
  await checkCentralDirectory(source);
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

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;

/**
 * The central directory as the parsers read it. yauzl reads as many records as the end record declares;
 * JSZip (under mammoth) reads records for as long as their signature follows, and shifts every offset
 * when the directory does not end where the end record sits. A zip on which the two could disagree is
 * refused: the directory must start where the end record says, end exactly at the end record (or its
 * ZIP64 record), and hold exactly the declared number of records. Then both see the same parts, and
 * yauzl's count below is the count of what mammoth will inflate.
 */
export async function checkCentralDirectory(source: string | Buffer): Promise<void> {
  // A path is the spool file of an upload, at most the upload limit.
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  const window = Math.min(bytes.length, EOCD_SIZE + 0xffff);
  const tail = bytes.subarray(bytes.length - window);
  // JSZip takes the last end record in the file; yauzl the last one too, and refuses a comment length that
  // does not reach the end of the file. Requiring that here means both take this one.
  let end = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory');
  if (tail.readUInt16LE(end + 20) !== tail.length - end - EOCD_SIZE)
    throw new UnpackLimitError('the zip has bytes after its end record');
  const endAt = bytes.length - window + end;
  let declared = tail.readUInt16LE(end + 10);
  let directorySize = tail.readUInt32LE(end + 12);
  let directoryAt = tail.readUInt32LE(end + 16);
  let directoryEnd = endAt;
  const locatorAt = endAt - ZIP64_LOCATOR_SIZE;
  if (locatorAt >= 0 && bytes.readUInt32LE(locatorAt) === ZIP64_LOCATOR_SIGNATURE) {
    const zip64At = Number(bytes.readBigUInt64LE(locatorAt + 8));
    if (zip64At + 56 > locatorAt || bytes.readUInt32LE(zip64At) !== ZIP64_EOCD_SIGNATURE)
      throw new UnpackLimitError('the zip has a broken ZIP64 end record');
    const zip64 = {
      declared: Number(bytes.readBigUInt64LE(zip64At + 32)),
      size: Number(bytes.readBigUInt64LE(zip64At + 40)),
      at: Number(bytes.readBigUInt64LE(zip64At + 48)),
    };
    // yauzl takes the ZIP64 values whenever the locator is there, JSZip only for fields the end record
    // marks as too small: they must agree.
    const agrees = (field: number, max: number, value: number) => field === max || field === value;
    if (
      !agrees(declared, 0xffff, zip64.declared) ||
      !agrees(directorySize, 0xffffffff, zip64.size) ||
      !agrees(directoryAt, 0xffffffff, zip64.at)
    )
      throw new UnpackLimitError('the zip end records disagree');
    ({ declared, size: directorySize, at: directoryAt } = zip64);
    directoryEnd = zip64At;
  }
  if (directoryAt + directorySize !== directoryEnd)
    throw new UnpackLimitError('the zip central directory does not end at its end record');
  const directory = bytes.subarray(directoryAt, directoryEnd);
  let records = 0;
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_SIGNATURE) {
    records++;
    at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  if (records !== declared || at !== directory.length)
    throw new UnpackLimitError(
      `the zip central directory holds ${records} parts where its end record declares ${declared}`,
    );
}

/** What pdf.js's FlateStream accepts as a zlib header; anything else it refuses to inflate. */
function isZlibHeader(cmf: number | undefined, flg: number | undefined): boolean {
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 0x08 && ((cmf << 8) + flg) % 31 === 0 && (flg & 0x20) === 0;
}

/**
 * Streams `data` through as many layers of zlib inflate as pdf.js would apply, whatever the dictionary
 * says: while a layer's output starts with a zlib header, the next layer inflates it. Every layer's output
 * is counted (pdf.js keeps each layer's buffer while it reads the next) and none of it is kept; counting
 * stops once past `limit`. Memory: one chunk per layer.
 */
function countInflateLayers(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let total = 0;
    let open = 0;
    let settled = false;
    const layers: Inflate[] = [];
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const layer of layers) layer.destroy();
      resolve(total);
    };
    const addLayer = (): Inflate => {
      const layer = createInflate({ chunkSize: 64 * 1024 });
      layers.push(layer);
      open++;
      // This layer's first bytes, held until there are two to tell whether another layer follows.
      let pending = Buffer.alloc(0);
      let next: Inflate | null | undefined;
      const feed = (chunk: Buffer) => {
        if (!next) return;
        if (!next.write(chunk)) {
          layer.pause();
          next.once('drain', () => layer.resume());
        }
      };
      layer.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) return finish();
        if (next === undefined) {
          pending = Buffer.concat([pending, chunk]);
          if (pending.length < 2) return;
          next = isZlibHeader(pending[0], pending[1]) ? addLayer() : null;
          chunk = pending;
          pending = Buffer.alloc(0);
        }
        feed(chunk);
      });
      // Not zlib data past the header, or a broken stream: pdf.js cannot inflate more of it than zlib did.
      const done = () => {
        next?.end();
        if (--open === 0) finish();
      };
      layer.once('end', done);
      layer.once('error', done);
      return layer;
    };
    if (!isZlibHeader(data[0], data[1])) return resolve(0);
    addLayer().end(data);
  });
}

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
const SLASH = 0x2f;
/** Filters that can hide a Flate layer from the count (its header is not at the start of their output). */
const UNCOUNTED_FILTERS = new Set([
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
]);
/** Image codecs: pdf.js decodes them to draw, not to read text; before another filter they hide it too. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

const isWhite = (c: number | undefined) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isDelimiter = (c: number | undefined) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === SLASH ||
  c === 0x25;

/** Skips white space and comments from `at`, as pdf.js's lexer does. */
function skipBlank(bytes: Buffer, at: number): number {
  for (;;) {
    while (isWhite(bytes[at])) at++;
    if (bytes[at] !== 0x25) return at;
    while (at < bytes.length && bytes[at] !== 10 && bytes[at] !== 13) at++;
  }
}

/** The name starting at the slash at `at` (#xx escapes decoded, as pdf.js does), and where it ends. */
function readName(bytes: Buffer, at: number): { name: string; end: number } {
  let end = at + 1;
  while (end < bytes.length && !isWhite(bytes[end]) && !isDelimiter(bytes[end])) end++;
  const raw = bytes.subarray(at + 1, end).toString('latin1');
  const name = raw.includes('#')
    ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  return { name, end };
}

/**
 * The filter chains the file names anywhere (under /Filter, or /F, which pdf.js reads as well), found by a
 * scan rather than by parsing, so that no object the parser may reach is missed. Refuses what the count
 * below cannot follow: a filter that hides a Flate layer (hex, ASCII85, LZW, run-length, an image codec
 * before another filter), or a chain given by reference.
 */
function checkPdfFilters(bytes: Buffer): void {
  for (let at = bytes.indexOf(SLASH); at >= 0; at = bytes.indexOf(SLASH, at + 1)) {
    const key = readName(bytes, at);
    if (key.name !== 'Filter' && key.name !== 'F') continue;
    let value = skipBlank(bytes, key.end);
    const chain: string[] = [];
    if (bytes[value] === SLASH) chain.push(readName(bytes, value).name);
    else if (bytes[value] === 0x5b) {
      value = skipBlank(bytes, value + 1);
      while (bytes[value] === SLASH) {
        const element = readName(bytes, value);
        chain.push(element.name);
        value = skipBlank(bytes, element.end);
      }
      if (bytes[value] !== 0x5d)
        throw new UnpackLimitError("the PDF's filters cannot be counted (a filter array holds something else)");
    } else {
      // `/F 4` (an annotation's flags) is a number; `/Filter 7 0 R` is a chain kept elsewhere.
      const rest = bytes.subarray(value, value + 32).toString('latin1');
      if (/^\d+\s+\d+\s+R(?![^\s()<>[\]{}/%])/.test(rest))
        throw new UnpackLimitError("the PDF's filters cannot be counted (a filter given by reference)");
      continue;
    }
    chain.forEach((filter, i) => {
      if (UNCOUNTED_FILTERS.has(filter) || (IMAGE_FILTERS.has(filter) && i < chain.length - 1))
        throw new UnpackLimitError(`the PDF's filters cannot be counted (${filter.slice(0, 40)})`);
    });
  }
}

/**
 * Counts what pdf.js can inflate from a PDF and throws UnpackLimitError when the sum passes the limit, or
 * when the file names filters the count cannot follow. Every "stream" keyword is taken as a stream
 * (including one inside another stream's data, which an xref entry may point to), its data from the next
 * line on, as pdf.js reads it, to the next "endstream"; each is inflated through every zlib layer it
 * holds, whatever its dictionary says. Streams of an encrypted PDF are not zlib data before decryption:
 * they are bounded by the extraction process's memory cap alone.
 */
export async function checkPdfBounds(bytes: Buffer, limits = PDF_UNPACK_LIMITS): Promise<void> {
  checkPdfFilters(bytes);
  let total = 0;
  let endstream = -1;
  let lineEnd = -1;
  for (let keyword = bytes.indexOf(STREAM); keyword >= 0; keyword = bytes.indexOf(STREAM, keyword + 1)) {
    // "endstream" itself contains "stream".
    if (keyword >= 3 && bytes.subarray(keyword - 3, keyword).toString('latin1') === 'end') continue;
    // pdf.js skips to the next line after the keyword, whatever stands before the line break.
    // One search for each line break, however many keywords share the line.
    if (lineEnd < keyword + STREAM.length) {
      lineEnd = keyword + STREAM.length;
      while (lineEnd < bytes.length && bytes[lineEnd] !== 0x0d && bytes[lineEnd] !== 0x0a) lineEnd++;
    }
    let start = lineEnd;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    if (!isZlibHeader(bytes[start], bytes[start + 1])) continue;
    // One search for each "endstream", however many keywords precede it.
    if (endstream < start) {
      endstream = bytes.indexOf(ENDSTREAM, start);
      if (endstream < 0) endstream = bytes.length;
    }
    total += await countInflateLayers(bytes.subarray(start, endstream), limits.maxTotalBytes - total);
    if (total > limits.maxTotalBytes)
      throw new UnpackLimitError(`the PDF's streams unpack to more than ${limits.maxTotalBytes} bytes`);
  }
}
