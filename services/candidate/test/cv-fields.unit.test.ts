import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { emailSchema } from '@careers/contracts/common';
import { findCvFields, findEmail, findName, findPhone } from '../src/modules/cv-autofill/cv-fields';

describe('reading contact fields from a CV text', () => {
  it('takes the name from the top lines, skipping headings and contact lines', () => {
    expect(findName("Curriculum Vitae\nAnne-Marie O'Neil\nanne@example.com")).toEqual({
      firstName: 'Anne-Marie',
      lastName: "O'Neil",
    });
    expect(findName('RESUME\nJANE DOE\nLondon')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(findName('Name: Zoë Kowalska-Brown\nPhone: 0123')).toEqual({ firstName: 'Zoë', lastName: 'Kowalska-Brown' });
    expect(findName('JOHN VAN DER BERG')).toEqual({ firstName: 'John', lastName: 'van der Berg' });
  });

  it('finds no name in lines that are not one', () => {
    expect(findName('Senior accountant with ten years of experience\nSkills')).toBeUndefined();
    expect(findName('12 High Street, London')).toBeUndefined();
    expect(findName('Professional Summary')).toBeUndefined();
    expect(findName('J. R.')).toBeUndefined();
    const lower = Array.from({ length: 8 }, (_, i) => `line ${i}`).join('\n');
    expect(findName(`${lower}\nJane Doe`)).toBeUndefined();
  });

  it('takes the first e-mail address', () => {
    expect(findEmail('Contact: jane.doe+cv@mail.example.co.uk, other@example.com')).toBe(
      'jane.doe+cv@mail.example.co.uk',
    );
    expect(findEmail('write to jane@example.com.')).toBe('jane@example.com');
    expect(findEmail('no address @ all')).toBeUndefined();
  });

  it('prefers a labelled phone number and skips dates, year ranges and e-mail digits', () => {
    expect(findPhone('Born 12.03.1990\n2015 - 2020 Example Ltd\nMobile: +44 (0)7700 900-123')).toBe(
      '+44 (0)7700 900-123',
    );
    expect(findPhone('jane1234567@example.com\nCall me on 0049 30 1234567')).toBe('0049 30 1234567');
    expect(findPhone('Born 12.03.1990\n2015 - 2020\nInvoice 123456')).toBeUndefined();
    expect(findPhone('(555) 123-4567')).toBe('(555) 123-4567');
  });

  it('answers only the fields found', () => {
    expect(findCvFields('Jane Doe\njane@example.com')).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
    });
    expect(findCvFields('')).toEqual({});
  });

  it('finds addresses exactly where the former regular expression did', () => {
    const former = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/;
    const alphabet = ['a', 'b', '1', '.', '-', '_', '+', '@', ' ', 'Z', '%', ',', 'é'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(random() * 30);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const match = former.exec(text)?.[0].replace(/\.+$/, '');
      const expected = match && emailSchema.safeParse(match).success ? match : undefined;
      expect(findEmail(text), text).toBe(expected);
    }
    expect(findEmail('x@a.b.cd1.e')).toBe('x@a.b.cd');
    expect(findEmail(`a@b.${'c'.repeat(30)}`)).toBe(`a@b.${'c'.repeat(24)}`);
  });

  it('reads 20,000 crafted characters in time linear in their length', () => {
    const size = 20_000;
    const crafted = [
      'a'.repeat(size),
      `${'a'.repeat(size / 2)}@${'a'.repeat(size / 2 - 1)}`,
      `${'a.'.repeat(size / 4)}@${'a.'.repeat(size / 4 - 1)}`,
      `x@${'a-'.repeat(size / 2 - 1)}`,
      '1'.repeat(size),
      `+${'1 '.repeat(size / 2 - 1)}`,
      `Mobile: ${'(1'.repeat(size / 2 - 5)}`,
      'Name: '.repeat(size / 6),
    ];
    const prose = 'Jane Doe worked as an accountant at Example Ltd. '.repeat(size / 49).slice(0, size);
    const fastest = (text: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        findCvFields(text);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const linear = fastest(prose);
    for (const text of crafted) {
      expect(text.length).toBeLessThanOrEqual(size + 2);
      // Generous: the quadratic patterns took over a second here, a linear read a few milliseconds.
      expect(fastest(text), text.slice(0, 40)).toBeLessThan(20 * linear + 50);
    }
  });
});
