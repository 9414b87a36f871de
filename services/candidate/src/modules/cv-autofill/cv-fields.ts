import { emailSchema } from '@careers/contracts/common';
import type { CvAutofill } from '@careers/contracts/candidate-api';

/**
 * The candidate's own details read from the text of a CV (docs/decisions/0176): the first e-mail address,
 * the first phone-looking number (a labelled one first) and the name from the top lines. Only what is
 * found with some confidence is answered; the candidate sees and may change every value.
 */

/** Contact details sit at the top; the rest of a long CV only costs time. */
const SCANNED_CHARS = 20_000;
/** How many non-empty lines from the top may hold the name. */
const NAME_LINES = 8;

/** A run of digits with the separators phone numbers are written with; checked further below. */
const PHONE_CANDIDATE = /(?:\+|\b00|\()?\d[\d ().\-/\u00a0]{5,24}\d/g;
const PHONE_LABEL = /\b(phone|mobile|mob|tel|telephone|cell|handy|telefon|téléphone|teléfono|tél)\b\.?/i;
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;
const YEAR_RANGE = /^(19|20)\d{2}\s*[-–/]\s*((19|20)\d{2})?$/;
/** Words of a CV's top lines that are not a name. */
const NOT_A_NAME =
  /\b(curriculum|vitae|resume|résumé|cv|lebenslauf|profile|profil|contact|address|phone|mobile|email|e-mail|objective|summary|experience|education|skills|page|street|road|avenue|linkedin|github|http|www)\b/i;
/** A name word: a capital letter, then letters, with inner apostrophes, hyphens or dots (Anne-Marie, O'Neil, J.). */
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}'’.-]*$/u;
/** Small words names carry in many languages (van der Berg, de la Cruz, bin Said). */
const PARTICLE = /^(van|von|der|den|de|del|della|di|da|du|la|le|bin|binti|al|el|ter|ten|y|zu)$/i;
const NAME_LABEL = /^(?:full\s+)?name\s*[:\-–]\s*(.+)$/i;

/*
 * E-mail addresses are found by hand, not by a regular expression: an unanchored pattern with a repeated
 * local part backtracks over every start position of a long run of letters (quadratic: 1.1 s for 20,000
 * characters). Here each character is looked at a bounded number of times.
 */
const isLocalChar = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 46 ||
  c === 95 ||
  c === 37 ||
  c === 43 ||
  c === 45; // . _ % + -
const isLabelChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The address around the "@" at `at`, as /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/
 * matched it: the whole run of local-part characters before, then labels up to the last one that starts
 * with two letters (at most 24 of them taken).
 */
function addressAt(text: string, at: number, min: number): { start: number; end: number } | undefined {
  let start = at;
  while (start > min && isLocalChar(text.charCodeAt(start - 1))) start--;
  if (start === at) return undefined;
  let end: number | undefined;
  let label = at + 1;
  for (;;) {
    let labelEnd = label;
    while (labelEnd < text.length && isLabelChar(text.charCodeAt(labelEnd))) labelEnd++;
    if (labelEnd === label) break;
    if (label > at + 1) {
      let letters = 0;
      while (letters < 24 && isLetter(text.charCodeAt(label + letters))) letters++;
      if (letters >= 2) end = label + letters;
    }
    if (text.charCodeAt(labelEnd) !== 46) break; // "."
    label = labelEnd + 1;
  }
  return end === undefined ? undefined : { start, end };
}

/** Every address in the text, left to right, none overlapping (as a global search finds them). */
function* addresses(text: string): Generator<{ start: number; end: number }> {
  let min = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const found = addressAt(text, at, min);
    if (!found) continue;
    min = found.end;
    yield found;
  }
}

export function findEmail(text: string): string | undefined {
  const first = addresses(text).next().value;
  const match = first && text.slice(first.start, first.end).replace(/\.+$/, '');
  return match && emailSchema.safeParse(match).success ? match : undefined;
}

/** The text with every e-mail address replaced by a space. */
function withoutAddresses(text: string): string {
  let out = '';
  let from = 0;
  for (const { start, end } of addresses(text)) {
    out += `${text.slice(from, start)} `;
    from = end;
  }
  return out + text.slice(from);
}

/** A phone number: 7 to 15 digits (E.164), not a date or a year range, spacing kept as written. */
function asPhone(raw: string): string | undefined {
  const value = raw
    .replace(/\u00a0/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  const digits = value.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return undefined;
  if (DATE_LIKE.test(value) || YEAR_RANGE.test(value)) return undefined;
  // A bare run of digits without + or separators is more often an id or a number in a sentence.
  if (!/^[+(]|^00/.test(value) && !/[ ().\-/]/.test(value) && digits.length < 9) return undefined;
  // Balanced brackets only: "(2019) 2020 2021" is not a number.
  if ((value.match(/\(/g)?.length ?? 0) !== (value.match(/\)/g)?.length ?? 0)) return undefined;
  return value.length <= 40 ? value : undefined;
}

export function findPhone(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  // A number on a labelled line wins ("Mobile: 07700 900123"), then the first number anywhere.
  for (const pass of ['labelled', 'any'] as const) {
    for (const line of lines) {
      if (pass === 'labelled' && !PHONE_LABEL.test(line)) continue;
      // An e-mail address or a web address holds digits that are not a phone number.
      const cleaned = withoutAddresses(line).replace(/\bhttps?:\/\/\S+|\bwww\.\S+/gi, ' ');
      for (const match of cleaned.matchAll(PHONE_CANDIDATE)) {
        const phone = asPhone(match[0]);
        if (phone) return phone;
      }
    }
  }
  return undefined;
}

/** "JANE DOE" reads as "Jane Doe"; mixed case stays as written. */
function normalCase(word: string): string {
  if (word !== word.toUpperCase() || word.length < 2) return word;
  return word.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

function asName(line: string): { firstName: string; lastName: string } | undefined {
  const value = line.replace(/\s+/g, ' ').trim();
  if (value.length < 3 || value.length > 60 || /[\d@:/|,;()]/.test(value) || NOT_A_NAME.test(value)) return undefined;
  const words = value.split(' ');
  if (words.length < 2 || words.length > 4) return undefined;
  const firstWord = words[0] ?? '';
  const lastWord = words[words.length - 1] ?? '';
  if (PARTICLE.test(firstWord) || PARTICLE.test(lastWord)) return undefined;
  if (!words.every((w) => NAME_WORD.test(w) || PARTICLE.test(w))) return undefined;
  // A line of initials only ("J. R.") is not enough.
  if (words.filter((w) => w.replace(/[.'’-]/g, '').length >= 2).length < 2) return undefined;
  // A name in capitals has its particles in capitals too: "JOHN VAN DER BERG" reads "John van der Berg".
  const shouting = value === value.toUpperCase();
  const cased = words.map((w, i) => (PARTICLE.test(w) && i > 0 ? (shouting ? w.toLowerCase() : w) : normalCase(w)));
  return { firstName: cased[0] ?? '', lastName: cased.slice(1).join(' ') };
}

export function findName(text: string): { firstName: string; lastName: string } | undefined {
  const top = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, NAME_LINES);
  for (const line of top) {
    const labelled = NAME_LABEL.exec(line)?.[1];
    const name = asName(labelled ?? line);
    if (name) return name;
  }
  return undefined;
}

/** The fields found in a CV's text; absent ones are left out. */
export function findCvFields(fullText: string): CvAutofill {
  const text = fullText.slice(0, SCANNED_CHARS);
  const name = findName(text);
  const email = findEmail(text);
  const phone = findPhone(text);
  return { ...name, ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}
