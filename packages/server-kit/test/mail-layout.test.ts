import { describe, expect, it } from 'vitest';
import { contactUrl, renderMail } from '../src/mail-layout';

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

  it("heads an e-mail with the business's logo and name, or with the product's mark", () => {
    const business = renderMail({ ...base, business: { name: 'Bean & Co', logoUrl: 'https://cdn.test/logo.png' } });
    expect(business.html).toContain('<img src="https://cdn.test/logo.png"');
    expect(business.html).toContain('<span>Bean &amp; Co</span><br>');
    expect(business.text.split('\n')[0]).toBe('Bean & Co (via the Careers Portal)');
    const product = renderMail(base);
    expect(product.html).not.toContain('<img');
    expect(product.html).toContain('>CP</td>');
    expect(product.text.split('\n')[0]).toBe('Careers Portal');
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
