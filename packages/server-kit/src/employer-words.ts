/**
 * An employer's words (a job title, a business name) as the platform's e-mails may quote them
 * (docs/decisions/0237): on one line, without hidden characters, at most 200 characters, or not at all when
 * a mail client could make a link of them.
 */
/** Words on one line: a header or a quoted line must not carry line breaks. */
export const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** Invisible and direction-changing characters: they can hide a web address or reorder what a reader sees. */
const HIDDEN_CHARACTERS = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;
/** Full stops a domain name may be written with (IDNA maps these to "."). */
const DOT = '[.\u3002\uFF0E\uFF61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_-]*[\\p{L}\\p{N}])?';
/**
 * What a mail client may turn into a link: a scheme ("https:", "mailto:"), "://", "www.", an e-mail address,
 * an IPv4 address, or a dotted name ending in letters ("evil.test", "bank.co.uk"; also "Node.js", which
 * costs a tech title its place in the e-mail, not its place on the portal).
 */
const LINK_LIKE = [
  /\b(?:https?|ftp|mailto|tel|sms|file|data|javascript|callto|skype|whatsapp):/iu,
  /:\/\//u,
  new RegExp(`\\bwww\\d{0,3}${DOT}`, 'iu'),
  /[^\s@]@[^\s@]+[.\u3002\uFF0E\uFF61][^\s@]/u,
  new RegExp(`\\b\\d{1,3}(?:${DOT}\\d{1,3}){3}\\b`, 'u'),
  new RegExp(`${LABEL}(?:${DOT}${LABEL})*${DOT}\\p{L}{2,}(?![\\p{L}\\p{N}])`, 'u'),
];

/**
 * An employer's words (a job title, a business name) as a status e-mail may quote them: on one line, without
 * hidden characters, at most 200 characters; or null when they hold anything a mail client could make a
 * link of. Such words are left out rather than mangled: a broken-up address still reads as an address to a
 * person (and badly to a screen reader), and the portal shows the words in full (docs/decisions/0237).
 */
export function quotableEmployerWords(words: string): string | null {
  const line = oneLine(words.replace(HIDDEN_CHARACTERS, '')).replace(/\s+/g, ' ');
  if (!line || LINK_LIKE.some((pattern) => pattern.test(line))) return null;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * A job as an e-mail's sentence names it, the employer's words written plainly (docs/decisions/0557):
 * "Barista at Northwind"; a part that cannot be quoted gives way to plain words ("a job at Northwind",
 * "Barista at a business", "a job").
 */
export function jobAtBusiness(jobTitle: string, businessName: string): string {
  const title = quotableEmployerWords(jobTitle);
  const business = quotableEmployerWords(businessName);
  if (title === null && business === null) return 'a job';
  return `${title ?? 'a job'} at ${business ?? 'a business'}`;
}
