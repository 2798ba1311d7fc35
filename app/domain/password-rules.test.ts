import { describe, expect, it } from 'vitest';
import { failedPasswordRules, isStrongPassword } from './password-rules';

describe('new password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(isStrongPassword('Demo#2026')).toBe(true);
  });

  it.each([
    ['DEMO#2026', 'lowercase'],
    ['demo#2026', 'uppercase'],
    ['Demo#demo', 'digit'],
    ['Demo2026x', 'special'],
    ['De#20a', 'length'],
  ])('%s fails the %s rule', (password, rule) => {
    expect(failedPasswordRules(password)).toEqual([rule]);
  });
});
