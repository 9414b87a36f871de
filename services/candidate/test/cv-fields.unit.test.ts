import { describe, expect, it } from 'vitest';
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
});
