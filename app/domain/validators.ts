/** The generic field validators of the specs (spec 1 §5). Each answers whether the value passes. */

export const isAlphanumeric = (value: string) => /^[A-Za-z0-9]+$/.test(value);

export const startsWithLetter = (value: string) => /^[A-Za-z]/.test(value);

export const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

export const isInteger = (value: string) => /^-?\d+$/.test(value.trim());

/** Currency amounts are entered as digits only. */
export const isCurrency = (value: string) => /^\d+$/.test(value);

/** Letters, digits, hyphens and at most one single space; no hyphen at either end. */
export const isInternationalZip = (value: string) =>
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?: [A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)?$/.test(value);

export const isPresent = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

export const EMAIL_LOCAL_PART_MAX = 64;

export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_PART_MAX || value.length > 254) return false;
  if (
    !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  ) {
    return false;
  }
  return /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(domain);
}

/** 10 to 15 characters, an optional leading plus, digits and separators but no letters. */
export function isTelephone(value: string): boolean {
  if (value.length < 10 || value.length > 15) return false;
  return /^\+?[0-9 ()-]+$/.test(value) && /\d/.test(value);
}

export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  email: 'validation.email',
  telephone: 'validation.telephone',
} as const;
