import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { z } from 'zod';
import type { App, RouteEntry } from '@careers/server-kit/http';

/**
 * Hostile input against every operation of a service (issue 10 item 4, docs/decisions/0130; moved here
 * from server-kit by docs/decisions/0205, hostile-suite.ts runs it in the services' tests). The operations
 * come from the app's own route table, bodies and queries from each route's zod schemas (through their
 * JSON Schema), mixed with wrong types, odd Unicode, malformed JSON, wrong content types, oversized
 * bodies and headers and odd path ids. Every answer must be below 500, and every refusal problem details
 * (application/problem+json with type, title and status) or the result shape the route declares for that
 * status (the spec's registration and identity results).
 */

/** Who calls: no token, a candidate, an employer, a forged token… (name is for the report). */
export interface Caller {
  name: string;
  headers: Record<string, string>;
}

export interface HostileOptions {
  callers: readonly Caller[];
  /** Real ids of the data set up by the test, mixed with odd ones so that handlers go past "not found". */
  knownIds?: readonly string[];
  /** Generated requests per operation. */
  numRuns?: number;
  /** File content the upload routes accept (a small PDF), wrapped in the hostile multipart bodies. */
  upload?: Buffer;
  /** fast-check seed, to replay a reported failure (the tests read FUZZ_SEED). */
  seed?: number;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

type Json = Record<string, unknown>;

/** The operations to attack: every route of the table except HEAD twins (no body to check) and the CORS catch-all. */
export function operationsOf(app: App): RouteEntry[] {
  return app.routeTable.filter((r) => r.method !== 'HEAD' && !(r.method === 'OPTIONS' && r.url === '*'));
}

// ---------------------------------------------------------------------------------------------------
// Values

/** Strings that have broken servers: NUL, lone surrogates, bidi overrides, BOM, traversal, injection. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uD83D',
  '\u202Eexe.pdf',
  '\u200F\u200E\u202B',
  '\uFEFFbom',
  '\u200B',
  'e\u0301\u0301\u0301',
  '🧑‍💻👩🏽‍🔬',
  'İıßẞǅ',
  '\r\nX-Injected: 1',
  '\t\v\f',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%2e%2e%2f',
  "' OR '1'='1",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-Infinity',
  '1e309',
  '9'.repeat(400),
  'null',
  'true',
];

/** A string of any code points, lone surrogates and NUL included. */
const anyUnicode = fc.string({ unit: 'binary', maxLength: 40 });
const trickyUnits = fc.string({
  unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', '\u202E', '\uFEFF', '\u0301', 'a', '/', '%', '.'),
  maxLength: 30,
});
const hugeStrings = fc.constantFrom(
  'A'.repeat(100_000),
  '😀'.repeat(30_000),
  '\u0000'.repeat(10_000),
  'é'.repeat(50_000),
);

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: anyUnicode },
  { weight: 2, arbitrary: trickyUnits },
  { weight: 1, arbitrary: hugeStrings },
);

/** A value of the wrong kind for whatever the field wants. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      2 ** 31,
      2 ** 53 + 2,
      -1e308,
      1e308,
      Number.MAX_SAFE_INTEGER,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], JSON.parse('{"__proto__":{"polluted":true}}')) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(oddString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);

// ---------------------------------------------------------------------------------------------------
// From the routes' schemas

/** The JSON Schema of a route's zod schema (or the JSON Schema itself when the route declared one). */
export function jsonSchemaOf(schema: unknown): Json | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema instanceof z.ZodType) {
    // The routes' schemas are module constants, the same objects in every app a test file starts, and
    // both hostile tests read each one: converted once (nothing here changes the JSON Schema).
    let json = jsonSchemas.get(schema);
    if (!json) {
      try {
        json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
      } catch {
        json = {};
      }
      jsonSchemas.set(schema, json);
    }
    return json;
  }
  return schema as Json;
}
const jsonSchemas = new WeakMap<z.ZodType, Json>();

function stringFromSchema(s: Json): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : minLength + 40;
  const within = (v: string) => v.length >= minLength && v.length <= maxLength;
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter(within);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
  }
  if (typeof s.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter(within);
    } catch {
      // A pattern fast-check cannot invert: plain strings, which the route refuses.
    }
  }
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 60) });
}

function numberFromSchema(s: Json, integer: boolean): fc.Arbitrary<number> {
  const bound = (v: unknown) => (typeof v === 'number' ? v : undefined);
  let min = bound(s.minimum);
  let max = bound(s.maximum);
  const exMin = bound(s.exclusiveMinimum);
  const exMax = bound(s.exclusiveMaximum);
  if (integer) {
    if (exMin !== undefined) min = Math.floor(exMin) + 1;
    if (exMax !== undefined) max = Math.ceil(exMax) - 1;
    return fc.integer({
      min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({ noNaN: true, noDefaultInfinity: true, min: min ?? exMin ?? -1e9, max: max ?? exMax ?? 1e9 });
}

/** Values that follow the schema's shape (types, enums, required keys); patterns when fast-check can invert them. */
export function fromJsonSchema(schema: Json, root: Json = schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (s: unknown) => fromJsonSchema((s ?? {}) as Json, root, depth + 1);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Json>;
    return defs[name] ? fromJsonSchema(defs[name], root, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(choices) && choices.length > 0) return fc.oneof(...choices.map(next));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return next({ ...schema, allOf: undefined, ...(schema.allOf[0] as Json) });
  if (Array.isArray(schema.type))
    return fc.oneof(...(schema.type as string[]).map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const shape = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, next(s)]));
      return fc.record(shape, { requiredKeys: required.filter((k) => k in shape) });
    }
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, minLength + 4);
      if (Array.isArray(schema.prefixItems)) return fc.tuple(...(schema.prefixItems as Json[]).map(next));
      return fc.array(next(schema.items), { minLength, maxLength });
    }
    case 'string':
      return stringFromSchema(schema);
    case 'integer':
      return numberFromSchema(schema, true);
    case 'number':
      return numberFromSchema(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The value with one of its fields dropped or replaced by a hostile value (or the hostile value itself). */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, hostileValue, fc.nat(), fc.boolean()).map(([value, bad, pick, drop]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
    const copy: Record<string, unknown> = { ...value };
    const keys = Object.keys(copy);
    if (keys.length === 0) return { [String(pick)]: bad };
    const key = keys[pick % keys.length]!;
    if (drop) delete copy[key];
    else copy[key] = bad;
    return copy;
  });
}

/** Bodies for a route: valid-ish from its schema, the same with a field broken, or anything hostile. */
export function bodyArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  const valid = json ? fromJsonSchema(json) : fc.constant({});
  const everyString = fc.tuple(valid, oddString).map(([value, odd]) => poisoned(value, () => odd, true));
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: mutated(valid) },
    { weight: 2, arbitrary: everyString },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A query string for a route: its declared parameters (valid-ish or hostile), repeated keys, junk keys. */
export function queryArbitrary(schema: unknown): fc.Arbitrary<string> {
  const json = jsonSchemaOf(schema);
  const valid = json ? fromJsonSchema(json) : fc.constant({});
  const pairs = fc
    .oneof(valid, mutated(valid))
    .map((value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>)
        : [['q', value] as [string, unknown]],
    );
  return fc
    .tuple(
      pairs,
      fc.boolean(),
      fc.option(fc.constantFrom('__proto__[x]=1', 'page=1&page=2', 'a[]=1&a[]=2', '%ZZ=%ZZ', '=', '&&&', 'x=%00')),
    )
    .map(([entries, encode, junk]) => {
      const parts = entries.map(([key, value]) => {
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        return encode
          ? `${encodeURIComponent(key)}=${encodeURIComponent(wellFormed(text))}`
          : `${key}=${text.replace(/[#\s]/g, '')}`;
      });
      if (junk) parts.push(junk);
      return parts.join('&');
    });
}

/** Lone surrogates have no UTF-8 (encodeURIComponent throws on them): U+FFFD in their place. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Path segments to put where a route has :id (already URL-encoded, some deliberately badly). */
export const ODD_IDS: readonly string[] = [
  '0',
  '-1',
  'null',
  '..',
  '.',
  '%2E%2E',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  'a%2Fb',
  '%5C..%5C',
  '%00',
  'x%00y',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%ZZ',
  '%',
  '%20',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '00000000-0000-0000-0000-00000000000g',
  'x'.repeat(5000),
  '%3Cscript%3E',
  "1'%20OR%20'1'%3D'1",
  '@',
  'a%40b.c',
];

export function idArbitrary(knownIds: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ODD_IDS) },
    {
      weight: knownIds.length > 0 ? 2 : 0,
      arbitrary: knownIds.length > 0 ? fc.constantFrom(...knownIds).map(encodeURIComponent) : fc.constant('x'),
    },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: oddString.map((s) => encodeURIComponent(wellFormed(s)).slice(0, 8000)) },
  );
}

/** Fills a route pattern (/cvs/:cvId/preview, /blobs/*) with the given segments. */
export function fillPath(pattern: string, segment: () => string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, () => segment()).replace(/\*$/, () => `${segment()}/${segment()}`);
}

// ---------------------------------------------------------------------------------------------------
// Requests and the rule every answer obeys

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request tries, for the report. */
  label: string;
}

function describeRequest(req: HostileRequest): string {
  const body =
    req.payload === undefined
      ? ''
      : ` body=${JSON.stringify(String(req.payload).slice(0, 200))}${String(req.payload).length > 200 ? '…' : ''}`;
  const ct = req.headers['content-type']
    ? ` content-type=${JSON.stringify(req.headers['content-type'].slice(0, 80))}`
    : '';
  return `${req.label}: ${req.method} ${req.url.slice(0, 200)}${ct}${body}`;
}

/**
 * Why an answer breaks the rule, or null when it keeps it: below 500, and each 4xx problem details
 * (application/problem+json, type, title, status equal to the answer's) or the shape the route declares
 * for that status.
 */
export function ruleBroken(route: RouteEntry | undefined, res: Answer): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON (${String(res.headers['content-type'])}): ${JSON.stringify(res.body.slice(0, 200))}`;
  }
  const b = body as Record<string, unknown> | null;
  const isProblem =
    !!b &&
    typeof b === 'object' &&
    typeof b.type === 'string' &&
    typeof b.title === 'string' &&
    b.status === res.statusCode;
  const contentType = String(res.headers['content-type'] ?? '');
  if (isProblem) {
    return contentType.startsWith('application/problem+json')
      ? null
      : `answered ${res.statusCode} problem details as ${contentType || 'no content type'}`;
  }
  const declared = route?.schema.response?.[String(res.statusCode)];
  if (declared instanceof z.ZodType && declared.safeParse(body).success && contentType.startsWith('application/json'))
    return null;
  return `answered ${res.statusCode} without problem details: ${res.body.slice(0, 300)}`;
}

async function send(app: App, req: HostileRequest): Promise<Answer> {
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.body };
}

const SENDS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/**
 * Generated requests against one operation: caller, path ids, query and body drawn together; answers
 * a report of the first rule broken (after shrinking), or null.
 */
export async function fuzzOperation(app: App, route: RouteEntry, options: HostileOptions): Promise<string | null> {
  const ids = idArbitrary(options.knownIds);
  const request = fc.record({
    caller: fc.constantFrom(...options.callers),
    segments: fc.array(ids, { minLength: 4, maxLength: 4 }),
    query: fc.option(queryArbitrary(route.schema.querystring), { freq: 2 }),
    body: bodyArbitrary(route.schema.body),
  });
  const property = fc.asyncProperty(request, async ({ caller, segments, query, body }) => {
    let i = 0;
    const path = fillPath(route.url, () => segments[i++ % segments.length]!);
    const req: HostileRequest = {
      label: `generated, ${caller.name}`,
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers: { ...caller.headers, ...(SENDS_BODY.has(route.method) ? { 'content-type': 'application/json' } : {}) },
      ...(SENDS_BODY.has(route.method) ? { payload: jsonText(body) } : {}),
    };
    const broken = ruleBroken(route, await send(app, req));
    if (broken) throw new Error(`${describeRequest(req)}\n  ${broken}`);
  });
  const seed = options.seed;
  // A route with no body, query or path parameters has little to vary but the caller and junk query keys.
  const varied = Boolean(
    route.schema.body || route.schema.querystring || route.schema.params || /[:*]/.test(route.url),
  );
  const numRuns = varied ? (options.numRuns ?? 10) : Math.max(2, Math.ceil((options.numRuns ?? 10) / 4));
  const details = await fc.check(property, {
    numRuns,
    ...(seed !== undefined ? { seed } : {}),
    markInterruptAsFailure: false,
  });
  if (!details.failed) return null;
  return `${route.method} ${route.url}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n  (seed ${details.seed}, path ${details.counterexamplePath})`;
}

/**
 * The fixed lists below are the same for every operation: each is built once (on first use) and shared by
 * the operations' attacks, instead of again for each operation (docs/performance.md, stop 28). Nothing
 * sends them to a route that changes them: light-my-request copies the headers and reads the payloads.
 */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Bodies no JSON parser should choke on, each with the content type it is sent under. */
export const malformedBodies = once(buildMalformedBodies);
function buildMalformedBodies(): Array<{ label: string; contentType?: string; payload: string | Buffer }> {
  const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
  return [
    { label: 'truncated JSON', contentType: 'application/json', payload: '{"email":' },
    { label: 'unclosed array', contentType: 'application/json', payload: '[1,2' },
    { label: 'trailing junk', contentType: 'application/json', payload: '{"a":1}}' },
    { label: 'bare word', contentType: 'application/json', payload: 'nul' },
    { label: 'empty JSON body', contentType: 'application/json', payload: '' },
    { label: 'JSON null', contentType: 'application/json', payload: 'null' },
    { label: 'JSON string', contentType: 'application/json', payload: '"text"' },
    { label: 'NUL byte', contentType: 'application/json', payload: '\u0000' },
    {
      label: 'prototype pollution',
      contentType: 'application/json',
      payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    },
    {
      label: 'invalid UTF-8',
      contentType: 'application/json',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
    },
    {
      label: 'UTF-16 body',
      contentType: 'application/json; charset=utf-16',
      payload: Buffer.from('{"a":"b"}', 'utf16le'),
    },
    { label: 'BOM first', contentType: 'application/json', payload: '\uFEFF{"a":"b"}' },
    { label: 'deep nesting', contentType: 'application/json', payload: nested(100_000) },
    { label: 'huge number', contentType: 'application/json', payload: `{"page":1${'0'.repeat(5000)}}` },
    { label: 'duplicate keys', contentType: 'application/json', payload: '{"email":"a@b.c","email":{"$gt":""}}' },
    { label: 'text/plain', contentType: 'text/plain', payload: '{"email":"a@b.c"}' },
    {
      label: 'XML',
      contentType: 'application/xml',
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    {
      label: 'form-urlencoded',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'email=a%40b.c&__proto__[x]=1',
    },
    {
      label: 'image/png',
      contentType: 'image/png',
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    },
    { label: 'garbage content type', contentType: ';;; =', payload: '{}' },
    {
      label: 'content type with junk parameters',
      contentType: `application/json; ${'x=y; '.repeat(500)}charset=utf-8`,
      payload: '{}',
    },
    { label: 'no content type', payload: '{"a":1}' },
  ];
}

/**
 * Multipart bodies (the upload routes' own format) that are broken or carry odd file names around
 * content the route accepts (upload), so that the name reaches the database; sent with every caller.
 */
export function multipartBodies(upload?: Buffer): Array<{ label: string; contentType: string; payload: Buffer }> {
  if (!upload) return buildMultipartBodies(Buffer.from('%PDF-1.4 x'));
  let bodies = multipartByUpload.get(upload);
  if (!bodies) multipartByUpload.set(upload, (bodies = buildMultipartBodies(upload)));
  return bodies;
}
const multipartByUpload = new WeakMap<Buffer, Array<{ label: string; contentType: string; payload: Buffer }>>();
function buildMultipartBodies(upload: Buffer): Array<{ label: string; contentType: string; payload: Buffer }> {
  const contentType = 'multipart/form-data; boundary=zzz';
  const part = (name: Buffer | string, type = 'application/pdf') =>
    Buffer.concat([
      Buffer.from('--zzz\r\nContent-Disposition: form-data; name="file"; filename="'),
      Buffer.from(name),
      Buffer.from(`"\r\nContent-Type: ${type}\r\n\r\n`),
      upload,
      Buffer.from('\r\n--zzz--\r\n'),
    ]);
  return [
    { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: Buffer.from('--x\r\n\r\n') },
    { label: 'multipart unterminated', contentType, payload: part('a.pdf').subarray(0, -12) },
    { label: 'multipart garbage', contentType, payload: Buffer.from('garbage') },
    { label: 'multipart traversal file name', contentType, payload: part('../../etc/passwd') },
    { label: 'multipart NUL and bidi file name', contentType, payload: part('cv\u0000\u202Efdp.exe') },
    {
      label: 'multipart invalid UTF-8 file name',
      contentType,
      payload: part(Buffer.from([0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x64, 0x66])),
    },
    { label: 'multipart long file name', contentType, payload: part(`${'n'.repeat(5000)}.pdf`) },
    { label: 'multipart odd part type', contentType, payload: part('cv.pdf', '../../x; charset=\u0000') },
    {
      label: 'multipart field, no file',
      contentType,
      payload: Buffer.from('--zzz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--zzz--\r\n'),
    },
  ];
}

/** Header sets with oversized or odd values (light-my-request has no header size limit: the handlers see them). */
export const oddHeaders = once(buildOddHeaders);
function buildOddHeaders(): Array<{ label: string; headers: Record<string, string> }> {
  const big = 'a'.repeat(64 * 1024);
  return [
    { label: 'huge bearer token', headers: { authorization: `Bearer ${big}` } },
    { label: 'bearer of dots', headers: { authorization: 'Bearer ...' } },
    { label: 'unknown scheme', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
    {
      label: 'forged alg none token',
      headers: {
        authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","roles":["BusinessUser"]}').toString('base64url')}.`,
      },
    },
    { label: 'huge cookie', headers: { cookie: `session=${big}` } },
    { label: 'huge request id', headers: { 'x-request-id': big } },
    { label: 'odd request id', headers: { 'x-request-id': '\r\n<script>' } },
    { label: 'huge accept-language', headers: { 'accept-language': `${'en-GB,'.repeat(5000)}en` } },
    {
      label: 'huge forwarded-for',
      headers: { 'x-forwarded-for': Array.from({ length: 3000 }, (_, i) => `10.0.${i % 250}.${i % 200}`).join(', ') },
    },
    { label: 'odd origin', headers: { origin: 'null' } },
    {
      label: 'huge range',
      headers: { range: `bytes=${Array.from({ length: 2000 }, (_, i) => `${i}-${i}`).join(',')}` },
    },
    { label: 'bad range', headers: { range: 'bytes=-0-99999999999999999999' } },
    { label: 'odd accept', headers: { accept: 'application/xml;q=2, */*;q=-1' } },
  ];
}

/** The same value with every string (or every leaf) replaced: a NUL in each text field at once, and so on. */
export function poisoned(value: unknown, replace: (leaf: unknown) => unknown, stringsOnly: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => poisoned(v, replace, stringsOnly));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, replace, stringsOnly)]));
  return !stringsOnly || typeof value === 'string' ? replace(value) : value;
}

/** A valid-ish sample of a schema (fixed seed, so the fixed requests are the same on every run). */
function sampleOf(schema: unknown): unknown {
  const json = jsonSchemaOf(schema);
  if (!json) return undefined;
  // Fixed seed, so the same sample each time: drawn once per schema (poisoned() copies, never changes it).
  if (!samples.has(json)) samples.set(json, fc.sample(fromJsonSchema(json), { numRuns: 1, seed: 4242 })[0]);
  return samples.get(json);
}
const samples = new WeakMap<Json, unknown>();

const POISONS: ReadonlyArray<{ label: string; replace: (leaf: unknown) => unknown; stringsOnly: boolean }> = [
  { label: 'NUL in every text field', replace: (v) => `${String(v)}\u0000x`, stringsOnly: true },
  { label: 'lone surrogate in every text field', replace: (v) => `${String(v)}\uD800`, stringsOnly: true },
  { label: 'right-to-left override in every text field', replace: (v) => `\u202E${String(v)}`, stringsOnly: true },
  { label: 'long text in every text field', replace: () => 'é'.repeat(20_000), stringsOnly: true },
  { label: 'every field null', replace: () => null, stringsOnly: false },
  { label: 'every field a huge number', replace: () => 1e308, stringsOnly: false },
  { label: 'every field an object', replace: () => ({ $gt: '' }), stringsOnly: false },
];

/**
 * The fixed hostile requests against one operation: poisoned bodies and queries with every caller (and
 * broken uploads on the upload routes); odd path ids, malformed bodies, wrong content types, an
 * oversized body and odd headers with the callers in turn (each gets a share, the whole list runs once;
 * the generated requests mix callers and ids freely).
 */
export function fixedRequests(
  route: RouteEntry,
  callers: readonly Caller[],
  bodyLimit: number,
  knownIds: readonly string[] = [],
  upload?: Buffer,
): HostileRequest[] {
  const ids = [...ODD_IDS, ...knownIds.map(encodeURIComponent)];
  const known = knownIds.length > 0 ? encodeURIComponent(knownIds[0]!) : 'x';
  const path = () => fillPath(route.url, () => known);
  const requests: HostileRequest[] = [];
  const method = route.method;
  const sendsBody = SENDS_BODY.has(method);
  let turn = 0;
  const inTurn = () => callers[turn++ % callers.length]!;
  const json = (caller: Caller) => ({ ...caller.headers, 'content-type': 'application/json' });

  const body = sampleOf(route.schema.body);
  const query = sampleOf(route.schema.querystring);
  for (const caller of callers) {
    for (const poison of POISONS) {
      if (sendsBody && body !== undefined) {
        requests.push({
          method,
          label: `${poison.label} (body), ${caller.name}`,
          url: path(),
          headers: json(caller),
          payload: jsonText(poisoned(body, poison.replace, poison.stringsOnly)),
        });
      }
      if (query && typeof query === 'object') {
        const bad = poisoned(query, poison.replace, poison.stringsOnly) as Record<string, unknown>;
        const qs = Object.entries(bad)
          .map(
            ([k, v]) =>
              `${encodeURIComponent(k)}=${encodeURIComponent(wellFormed(typeof v === 'string' ? v : jsonText(v)))}`,
          )
          .join('&');
        requests.push({
          method,
          label: `${poison.label} (query), ${caller.name}`,
          url: `${path()}?${qs}`,
          headers: caller.headers,
          ...(sendsBody ? { payload: jsonText(body ?? {}) } : {}),
        });
      }
    }
  }
  if (route.url.includes(':') || route.url.endsWith('*')) {
    let n = 0;
    for (const id of ids) {
      const caller = inTurn();
      requests.push({
        method,
        label: `path id ${JSON.stringify(id.slice(0, 40))}, ${caller.name}`,
        url: fillPath(route.url, () => id),
        headers: caller.headers,
      });
    }
    const caller = inTurn();
    requests.push({
      method,
      label: `path with two ids, ${caller.name}`,
      url: fillPath(route.url, () => ids[n++ % ids.length]!),
      headers: caller.headers,
    });
  }
  if (sendsBody) {
    // The upload routes get every broken multipart body from every caller; the others a share each.
    const uploads = route.schema.consumes?.includes('multipart/form-data') ?? false;
    for (const multipart of multipartBodies(upload)) {
      for (const caller of uploads ? callers : [inTurn()]) {
        requests.push({
          method,
          label: `${multipart.label}, ${caller.name}`,
          url: path(),
          headers: { ...caller.headers, 'content-type': multipart.contentType },
          payload: multipart.payload,
        });
      }
    }
    for (const body of malformedBodies()) {
      const caller = inTurn();
      requests.push({
        method,
        label: `${body.label}, ${caller.name}`,
        url: path(),
        headers: { ...caller.headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        payload: body.payload,
      });
    }
    const caller = inTurn();
    requests.push({
      method,
      label: `oversized JSON body, ${caller.name}`,
      url: path(),
      headers: json(caller),
      payload: oversizedJson(bodyLimit),
    });
  }
  for (const odd of oddHeaders()) {
    const caller = inTurn();
    requests.push({
      method,
      label: `${odd.label}, ${caller.name}`,
      url: path(),
      headers: { ...caller.headers, ...odd.headers },
    });
  }
  return requests;
}

/** A JSON body 1 KiB past the limit, as bytes: made once per limit, not for each operation. */
const oversizedByLimit = new Map<number, Buffer>();
function oversizedJson(bodyLimit: number): Buffer {
  let body = oversizedByLimit.get(bodyLimit);
  if (!body)
    oversizedByLimit.set(bodyLimit, (body = Buffer.from(JSON.stringify({ name: 'x'.repeat(bodyLimit + 1024) }))));
  return body;
}

/** Sends the fixed hostile requests to one operation; answers every rule broken. */
export async function attackOperation(
  app: App,
  route: RouteEntry,
  options: HostileOptions & { bodyLimit: number },
): Promise<string[]> {
  const broken: string[] = [];
  for (const req of fixedRequests(route, options.callers, options.bodyLimit, options.knownIds, options.upload)) {
    const why = ruleBroken(route, await send(app, req));
    if (why) broken.push(`${describeRequest(req)}\n  ${why}`);
  }
  return broken;
}

/**
 * One real socket: headers past Node's limit never reach Fastify's routes, so the server's own answer
 * to a client error is what the client gets. Answers the status, content type and body.
 */
export async function oversizedHeadersOverSocket(
  app: App,
  headerBytes = 64 * 1024,
): Promise<Answer & { stillServes: boolean }> {
  const server = app.server.listening ? app.server : (await app.listen({ host: '127.0.0.1', port: 0 }), app.server);
  const { port } = server.address() as AddressInfo;
  const answer = await new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/healthz', headers: { 'x-padding': 'a'.repeat(headerBytes) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers as Record<string, unknown>, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
  const stillServes = await new Promise<boolean>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
  return { ...answer, stillServes };
}
