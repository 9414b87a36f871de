import { describe, expect, it } from 'vitest';
import { contactUrl, mailHeader, renderMail, timeInZone } from '../src/mail-layout';

const base = {
  to: 'a@example.test',
  kind: 'test',
  subject: 'Subject <b>',
  heading: 'Heading & more',
  body: ['Hello <script>alert(1)</script>', { emphasis: 'Under review' }, { list: ['one "1"', 'two'] }],
  button: { label: 'Open it', url: 'https://portal.test/x?a=1&b="2"' },
  after: [{ note: 'Works once.' }],
  footer: { why: 'Because you asked.', contactUrl: 'https://portal.test/contact-us' },
};

describe('the one layout of every e-mail', () => {
  it('escapes every word in the HTML and keeps the text part as written', () => {
    const mail = renderMail(base);
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(mail.html).toContain('Hello &lt;script&gt;');
    expect(mail.html).toContain('href="https://portal.test/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Hello <script>alert(1)</script>');
    expect(mail.text).toContain('\n\n    Under review\n\n');
    expect(mail.text).toContain('    one "1"\n    two');
  });

  it('has one button, whose address is the first in the text part; the footer links to Contact us', () => {
    const mail = renderMail(base);
    expect(mail.html.match(/style="background:#1a4fa0;border-radius:6px"/g)).toHaveLength(1);
    expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toBe('https://portal.test/x?a=1&b="2"');
    expect(mail.html).toContain('<a href="https://portal.test/contact-us"');
    expect(mail.text).toContain('Contact us: https://portal.test/contact-us');
    expect(mail.text.indexOf('-- \nBecause you asked.')).toBeGreaterThan(mail.text.indexOf('Works once.'));
  });

  it("heads an e-mail about a business that has a logo with that logo, its alt text the business's name", () => {
    const mail = renderMail({
      ...base,
      business: { name: 'Bean & Co', logoUrl: 'https://cdn.test/b/logo.png?x=1&y=2' },
    });
    const header = /<img [^>]*>/.exec(mail.html)?.[0];
    expect(header).toBe(
      '<img src="https://cdn.test/b/logo.png?x=1&amp;y=2" width="48" height="48" alt="Bean &amp; Co" style="display:block;width:48px;height:48px;border-radius:6px;object-fit:contain;border:0;font-size:16px;font-weight:700;color:#111827">',
    );
    expect(mail.html.match(/<img /g)).toHaveLength(1);
    expect(mail.html).not.toContain('>CP</td>');
    expect(mail.text.split('\n')[0]).toBe('Bean & Co');
  });

  it("heads every other e-mail with the product's name: no business, or a business without a logo", () => {
    for (const business of [undefined, { name: 'Bean & Co' }, { name: 'Bean & Co', logoUrl: '' }]) {
      const mail = renderMail({ ...base, business });
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('Bean');
      expect(mail.html).toContain(
        '>CP</td><td style="padding:0 0 0 10px;vertical-align:middle;font-size:18px;font-weight:700;color:#111827">Careers Portal</td>',
      );
      expect(mail.text.split('\n')[0]).toBe('Careers Portal');
    }
  });

  it('decides the header in one place, mailHeader', () => {
    expect(mailHeader({ name: 'Bean & Co', logoUrl: 'https://cdn.test/logo.png' })).toEqual({
      logo: { url: 'https://cdn.test/logo.png', alt: 'Bean & Co' },
    });
    expect(mailHeader({ name: 'Bean & Co' })).toEqual({ product: 'Careers Portal' });
    expect(mailHeader(undefined)).toEqual({ product: 'Careers Portal' });
  });

  it("says a time in the reader's zone, naming it, and in UTC, said so, when the zone is unknown", () => {
    const start = new Date('2027-03-29T08:00:00Z');
    const end = new Date('2027-03-29T08:45:00Z');
    expect(timeInZone(start, 'Europe/London')).toBe('Monday 29 March 2027, 09:00 (Europe/London)');
    expect(timeInZone(start, 'America/New_York', end)).toBe('Monday 29 March 2027, 04:00–04:45 (America/New_York)');
    expect(timeInZone(start, 'Asia/Tokyo')).toBe('Monday 29 March 2027, 17:00 (Asia/Tokyo)');
    for (const unknown of [null, undefined, '', 'Not/AZone'])
      expect(timeInZone(start, unknown, end)).toBe('Monday 29 March 2027, 08:00–08:45 (UTC)');
  });

  it('offers the way out of status e-mails in both parts, and keeps headers and expiry', () => {
    const mail = renderMail({
      ...base,
      footer: {
        ...base.footer,
        unsubscribe: { url: 'https://portal.test/unsubscribe?token=t', accountUrl: 'https://portal.test/user-account' },
      },
      headers: { 'List-Unsubscribe': '<https://api.test/u>' },
      expiresAt: 42,
    });
    expect(mail.text).toContain('Stop them: https://portal.test/unsubscribe?token=t');
    expect(mail.html).toContain('>Turn status e-mails off</a>');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://api.test/u>' });
    expect(mail.expiresAt).toBe(42);
  });

  it('contacts the configured address, else the portal’s contact page', () => {
    expect(contactUrl('https://portal.test/', 'help@example.test')).toBe('mailto:help@example.test');
    expect(contactUrl('https://portal.test/')).toBe('https://portal.test/contact-us');
    const mail = renderMail({ ...base, footer: { ...base.footer, contactUrl: 'mailto:help@example.test' } });
    expect(mail.text).toContain('Contact us: help@example.test');
  });
});
