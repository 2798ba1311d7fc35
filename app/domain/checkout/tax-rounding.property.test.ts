import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCharges, taxOn, TAX_ROUNDINGS, type TaxRounding } from './charges';
import { formatMinor, minorUnitDigits } from '../money';

/**
 * Tax in the currency's minor units (issue 51: "TVA 453 €" for 452,60 €), checked against decimal
 * arithmetic for the currency of every tenant the project ships: the exact tax of each taxable amount,
 * rounded half up to the minor unit once (per order) or line by line (per line), and shown with its cents.
 */
const tenants = fs
  .readdirSync('config/tenants')
  .filter((name) => name.endsWith('.json'))
  .map(
    (name) =>
      JSON.parse(fs.readFileSync(path.join('config/tenants', name), 'utf8')) as {
        tenant_id: string;
        language: string;
        currencyCode: string;
        currencySymbol: string;
        currencyPrecision: number;
      },
  );

/** The reference: exact decimals, rounded half up (amounts are never negative here) to a minor unit. */
function referenceTax(amounts: number[], basisPoints: number, rounding: TaxRounding): Decimal {
  const rate = new Decimal(basisPoints).div(10_000);
  const exact = (minor: number) => new Decimal(minor).div(100).times(rate);
  const half = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (rounding === 'PER_ORDER') return half(amounts.reduce((sum, minor) => sum.plus(exact(minor)), new Decimal(0)));
  return amounts.reduce((sum, minor) => sum.plus(half(exact(minor))), new Decimal(0));
}

const amounts = fc.array(fc.integer({ min: 0, max: 5_000_000_00 }), { minLength: 1, maxLength: 12 });
const rate = fc.integer({ min: 0, max: 2_500 });
const rounding = fc.constantFrom(...TAX_ROUNDINGS);

describe('tax rounding against a decimal reference', () => {
  it('every tenant’s currency has cents, which is what minor units hold (hundredths)', () => {
    expect(tenants.length).toBeGreaterThanOrEqual(3);
    for (const tenant of tenants) expect(minorUnitDigits(tenant.currencyCode), tenant.tenant_id).toBe(2);
  });

  it('taxOn is the exact tax rounded half up to the minor unit, per order or per line', () => {
    fc.assert(
      fc.property(amounts, rate, rounding, (parts, basisPoints, how) => {
        expect(taxOn(parts, basisPoints, how)).toBe(referenceTax(parts, basisPoints, how).times(100).toNumber());
      }),
      { numRuns: 2_000 },
    );
  });

  it('per order, the tax is within half a minor unit of the exact tax; per line, within half a minor unit a line', () => {
    fc.assert(
      fc.property(amounts, rate, (parts, basisPoints) => {
        const exact = parts.reduce(
          (sum, minor) => sum.plus(new Decimal(minor).times(basisPoints).div(10_000)),
          new Decimal(0),
        );
        expect(
          exact
            .minus(taxOn(parts, basisPoints, 'PER_ORDER'))
            .abs()
            .lte(0.5),
        ).toBe(true);
        expect(
          exact
            .minus(taxOn(parts, basisPoints, 'PER_LINE'))
            .abs()
            .lte(0.5 * parts.length),
        ).toBe(true);
      }),
    );
  });

  it.each(tenants.map((t) => [t.tenant_id, t] as const))(
    '%s: an order’s tax is shown to the cent, in the tenant’s currency, as the reference writes it',
    (_id, tenant) => {
      const money = {
        locale: tenant.language,
        currencyCode: tenant.currencyCode,
        currencySymbol: tenant.currencySymbol,
        currencyPrecision: tenant.currencyPrecision,
      };
      const number = new Intl.NumberFormat(tenant.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      fc.assert(
        fc.property(
          fc.array(
            fc.record({ quantity: fc.integer({ min: 1, max: 500 }), unitPrice: fc.integer({ min: 1, max: 2_000_00 }) }),
            { minLength: 1, maxLength: 6 },
          ),
          fc.integer({ min: 0, max: 1_000_00 }),
          rate,
          rounding,
          (lines, freight, basisPoints, how) => {
            const charges = computeCharges({
              lines,
              freight,
              insurance: null,
              services: [],
              tax: { rate: basisPoints, description: 'tax', rounding: how },
              paymentFee: null,
            });
            const reference = referenceTax(
              [...lines.map((l) => l.quantity * l.unitPrice), 0, freight, 0],
              basisPoints,
              how,
            );
            expect(charges.tax).toBe(reference.times(100).toNumber());
            const shown = formatMinor(charges.tax, money);
            expect(shown).toContain(tenant.currencySymbol);
            expect(shown).toContain(number.format(reference.toNumber()));
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('the issue’s French order: 452,60 € of TVA is shown as such, not 453 €', () => {
    const fr = tenants.find((t) => t.currencyCode === 'EUR' && t.language === 'fr')!;
    const shown = formatMinor(taxOn([2_263_00], 2_000, 'PER_ORDER'), {
      locale: fr.language,
      currencyCode: fr.currencyCode,
      currencySymbol: fr.currencySymbol,
      currencyPrecision: fr.currencyPrecision,
    });
    expect(shown.replace(/[\u00a0\u202f]/g, ' ')).toBe('452,60 €');
  });
});
