import { describe, expect, it } from 'vitest';
import { textRequest } from './texts';

describe('texts command line', () => {
  it('turns each command into its admin call', () => {
    expect(textRequest(['list'], { language: 'fr' })).toEqual({ method: 'GET', route: '/texts?language=fr' });
    expect(textRequest(['list'], { language: 'de', kind: 'payment-method' })).toEqual({
      method: 'GET',
      route: '/texts?language=de&kind=payment-method',
    });
    expect(
      textRequest(['set', 'tax-rule', 'US-TX', 'description'], { language: 'fr', text: 'Taxe du Texas 8,25 %' }),
    ).toEqual({
      method: 'PUT',
      route: '/texts',
      body: { kind: 'tax-rule', ref: 'US-TX', field: 'description', language: 'fr', text: 'Taxe du Texas 8,25 %' },
    });
    expect(textRequest(['remove', 'grade', 'acme/B+', 'description'], { language: 'de' })).toEqual({
      method: 'DELETE',
      route: '/texts',
      body: { kind: 'grade', ref: 'acme/B+', field: 'description', language: 'de' },
    });
  });

  it('answers the usage for a command it cannot make', () => {
    for (const [args, values] of [
      [['list'], {}],
      [['set', 'tax-rule', 'US-TX', 'description'], { language: 'fr' }],
      [['set', 'tax-rule', 'US-TX'], { language: 'fr', text: 'x' }],
      [['remove', 'grade'], { language: 'fr' }],
      [['rename', 'grade', 'acme/A', 'label'], { language: 'fr' }],
      [[], { language: 'fr' }],
    ] as [string[], Record<string, string>][]) {
      expect(() => textRequest(args, values), args.join(' ')).toThrow(/Usage:\n {2}texts list/);
    }
  });
});
