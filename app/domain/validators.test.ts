import { describe, expect, it } from 'vitest';
import {
  isAlphanumeric,
  isCurrency,
  isEmail,
  isInteger,
  isInternationalZip,
  isNumber,
  isPresent,
  isTelephone,
  startsWithLetter,
} from './validators';

describe('generic validators', () => {
  it('alphanumeric: letters and digits only', () => {
    expect(isAlphanumeric('Abc123')).toBe(true);
    expect(isAlphanumeric('abc 123')).toBe(false);
    expect(isAlphanumeric('abc-1')).toBe(false);
    expect(isAlphanumeric('')).toBe(false);
  });

  it('starts with a letter', () => {
    expect(startsWithLetter('a1')).toBe(true);
    expect(startsWithLetter('1a')).toBe(false);
    expect(startsWithLetter(' a')).toBe(false);
  });

  it('number and integer', () => {
    expect(isNumber('12.5')).toBe(true);
    expect(isNumber('abc')).toBe(false);
    expect(isNumber('')).toBe(false);
    expect(isInteger('12')).toBe(true);
    expect(isInteger('12.5')).toBe(false);
    expect(isInteger('1e3')).toBe(false);
  });

  it('currency: digits only', () => {
    expect(isCurrency('1200')).toBe(true);
    expect(isCurrency('12.00')).toBe(false);
    expect(isCurrency('-5')).toBe(false);
  });

  it('international zip', () => {
    for (const ok of ['33101', 'SW1A 1AA', '1234-567', 'K1A0B1']) expect(isInternationalZip(ok)).toBe(true);
    for (const bad of ['-33101', '33101-', 'SW1A  1AA', 'AB 12 34', '', '12_34'])
      expect(isInternationalZip(bad)).toBe(false);
  });

  it('required', () => {
    expect(isPresent('x')).toBe(true);
    expect(isPresent('   ')).toBe(false);
    expect(isPresent(undefined)).toBe(false);
  });

  it('email with a local part of at most 64 characters', () => {
    expect(isEmail('buyer@example.com')).toBe(true);
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isEmail('no-at-sign')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a..b@example.com')).toBe(false);
  });

  it('telephone: 10 to 15 characters, optional plus, no letters', () => {
    expect(isTelephone('3055550142')).toBe(true);
    expect(isTelephone('+13055550142')).toBe(true);
    expect(isTelephone('305555014')).toBe(false);
    expect(isTelephone('+1305555014212345')).toBe(false);
    expect(isTelephone('305555O142')).toBe(false);
  });
});
