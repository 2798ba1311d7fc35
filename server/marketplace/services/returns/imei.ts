import { randomInt } from 'node:crypto';

/** The Luhn check digit of a run of digits (the 15th digit of an IMEI). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every second digit of the payload is doubled (the check digit is not there yet).
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** An IMEI as a device carries it: 15 digits, the last one the Luhn check digit of the other 14. */
export function isValidImei(value: string): boolean {
  return /^\d{15}$/.test(value) && luhnCheckDigit(value.slice(0, 14)) === Number(value[14]);
}

/** A made-up but well-formed IMEI (for demos and the CLI's --imeis auto): a "35" type allocation code, random digits, the check digit. */
export function randomImei(): string {
  let body = '35';
  while (body.length < 14) body += String(randomInt(10));
  return `${body}${luhnCheckDigit(body)}`;
}
