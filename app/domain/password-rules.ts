/** The new-password rules of the sign-in spec (forced new password and reset). */
export const MIN_PASSWORD_LENGTH = 8;

export const passwordRules = [
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'digit', test: (p: string) => /[0-9]/.test(p) },
  { key: 'special', test: (p: string) => /[^A-Za-z0-9\s]/.test(p) },
  { key: 'length', test: (p: string) => p.length >= MIN_PASSWORD_LENGTH },
] as const;

export type PasswordRuleKey = (typeof passwordRules)[number]['key'];

export function failedPasswordRules(password: string): PasswordRuleKey[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.key);
}

export function isStrongPassword(password: string): boolean {
  return failedPasswordRules(password).length === 0;
}
