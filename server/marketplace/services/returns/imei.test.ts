import { describe, expect, it } from 'vitest';
import { isValidImei, luhnCheckDigit, randomImei } from './imei';

describe('IMEI', () => {
  it('checks the Luhn digit of a known IMEI', () => {
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('490154203237517')).toBe(false);
  });

  it('refuses anything but 15 digits', () => {
    for (const bad of ['', '49015420323751', '4901542032375180', '49015420323751a', ' 490154203237518'])
      expect(isValidImei(bad), bad).toBe(false);
  });

  it('makes valid random IMEIs', () => {
    const made = Array.from({ length: 200 }, randomImei);
    expect(made.every(isValidImei)).toBe(true);
    expect(new Set(made).size).toBe(200);
  });
});
