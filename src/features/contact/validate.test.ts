import { describe, expect, it } from 'vitest';
import { contactSection as copy } from '@/content/contact';
import { validateContact } from './validate';

const VALID = {
  name: 'Dana Lee',
  email: 'dana@example.com',
  phone: '(555) 010-2030',
  company: '',
  message: 'We miss calls on weekends.',
};

// The form says in words what the database would refuse (the rules: lead-rules.ts).
describe('validateContact', () => {
  it('lets a real lead through, in any script, with tabs pasted into the message', () => {
    expect(validateContact(VALID)).toEqual({});
    expect(validateContact({ ...VALID, name: '张伟', message: 'Col A\tCol B\r\nrow 2' })).toEqual(
      {},
    );
  });

  it.each([
    ['name', '\u3164\u115f', copy.errors.noLetters],
    ['name', '\u2800 \u200e\u200f', copy.errors.noLetters],
    ['message', '\u2800\n\u3164', copy.errors.noLetters],
    ['name', 'Dana\u001b[31m', copy.errors.control],
    ['name', 'Dana\u0007', copy.errors.control],
    ['message', 'Call me \u202eback', copy.errors.control],
    ['company', 'Acme\u0008', copy.errors.control],
    ['email', '"><img/src=x/onerror=alert(1)>@x.co', copy.errors.email],
    ['email', 'dana`@example.com', copy.errors.email],
    ['name', '中'.repeat(67), copy.errors.tooLong(1)],
    ['message', 'é'.repeat(2502), copy.errors.tooLong(2)],
    ['name', '   ', copy.errors.required('Name')],
  ] as const)('says what is wrong with a %s of %j', (field, value, words) => {
    expect(validateContact({ ...VALID, [field]: value })[field]).toBe(words);
  });

  it('counts characters to take off in plain words', () => {
    expect(copy.errors.tooLong(1)).toBe('This is too long: please shorten it by 1 character.');
    expect(copy.errors.tooLong(3)).toBe('This is too long: please shorten it by 3 characters.');
  });
});
