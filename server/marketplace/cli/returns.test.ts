import { describe, expect, it } from 'vitest';
import { changedReasons, reasonChange, returnRequest } from './returns';

describe('returns command line', () => {
  it('turns each command into its admin call', () => {
    expect(returnRequest(['list'], { email: 'b@example.com', status: 'requested' })).toEqual({
      method: 'GET',
      route: '/returns?email=b%40example.com&status=REQUESTED',
    });
    expect(returnRequest(['show', 'RMA-1-1'], {})).toEqual({ method: 'GET', route: '/returns/RMA-1-1' });
    expect(
      returnRequest(['approve', 'RMA-1-1'], { instructions: 'Dock 4', reject: '490154203237518=Works fine' }),
    ).toMatchObject({
      route: '/returns/RMA-1-1/approve',
      body: {
        instructions: 'Dock 4',
        rejectUnits: [{ unit: '490154203237518', reason: 'Works fine' }],
        actor: 'seller (cli)',
      },
    });
    expect(returnRequest(['credit', 'RMA-1-1'], { amounts: 'A#1=1200; 490154203237518=0' }).body).toMatchObject({
      amounts: { 'A#1': 1200, '490154203237518': 0 },
    });
    expect(returnRequest(['credit', 'RMA-1-1'], {}).body).toMatchObject({ amounts: undefined });
    expect(returnRequest(['receive', 'RMA-1-1'], {})).toMatchObject({
      method: 'POST',
      route: '/returns/RMA-1-1/receive',
    });
    expect(returnRequest(['settings'], {})).toEqual({ method: 'GET', route: '/returns/settings' });
    const current = {
      reasons: [
        { code: 'DOA', labels: { en: 'Dead' }, photoRequired: false },
        { code: 'LOCKED', labels: { en: 'Locked' }, photoRequired: true },
      ],
    };
    expect(returnRequest(['settings'], { 'window-days': '30', 'photos-required': 'DOA' }, current).body).toEqual({
      windowDays: 30,
      reasons: [
        { code: 'DOA', labels: { en: 'Dead' }, photoRequired: true },
        { code: 'LOCKED', labels: { en: 'Locked' }, photoRequired: false },
      ],
    });
  });

  it('answers the usage or names the mistake', () => {
    for (const args of [[], ['show'], ['show', '../admin'], ['reject', 'RMA-1-1'], ['undo', 'RMA-1-1']])
      expect(() => returnRequest(args, {}), args.join(' ')).toThrow(/Usage/);
    expect(() => returnRequest(['credit', 'RMA-1-1'], { amounts: 'A#1=12.50' })).toThrow(/whole number of minor units/);
    expect(() => returnRequest(['approve', 'RMA-1-1'], { reject: 'nothing' })).toThrow(/not UNIT=VALUE/);
    expect(() => returnRequest(['settings'], { 'window-days': 'two' })).toThrow(/whole number/);
  });

  describe('the reasons per language', () => {
    const reasons: { code: string; labels: Record<string, string>; photoRequired: boolean }[] = [
      { code: 'DOA', labels: { en: 'Dead on arrival', fr: 'Hors service' }, photoRequired: false },
      { code: 'LOCKED', labels: { en: 'Locked' }, photoRequired: true },
    ];

    it('adds a reason, changes one language of a label keeping the others, and removes one', () => {
      expect(returnRequest(['reasons'], {})).toEqual({ method: 'GET', route: '/returns/settings' });
      // Asked first: the reasons as they are.
      expect(returnRequest(['reason', 'DOA'], { de: 'Defekt' })).toEqual({ method: 'GET', route: '/returns/settings' });
      expect(
        returnRequest(['reason', 'DOA'], { de: ' Bei Ankunft defekt ', 'photo-required': 'yes' }, { reasons }),
      ).toEqual({
        method: 'POST',
        route: '/returns/settings',
        body: {
          reasons: [
            {
              code: 'DOA',
              labels: { en: 'Dead on arrival', fr: 'Hors service', de: 'Bei Ankunft defekt' },
              photoRequired: true,
            },
            { code: 'LOCKED', labels: { en: 'Locked' }, photoRequired: true },
          ],
        },
      });
      expect(changedReasons(reasonChange('SCREEN', { en: 'Screen burn', fr: 'Écran marqué' }), reasons).at(-1)).toEqual(
        { code: 'SCREEN', labels: { en: 'Screen burn', fr: 'Écran marqué' }, photoRequired: false },
      );
      expect(changedReasons(reasonChange('LOCKED', { remove: true }), reasons).map((r) => r.code)).toEqual(['DOA']);
    });

    it('names what it refuses, before asking the server anything', () => {
      expect(() => reasonChange(undefined, { en: 'x' })).toThrow(/Usage/);
      expect(() => reasonChange('doa', { en: 'x' })).toThrow(/capital letters/);
      expect(() => reasonChange('DOA', {})).toThrow(/Nothing to change/);
      expect(() => reasonChange('DOA', { fr: '   ' })).toThrow(/--fr: a label is 1 to 200 characters/);
      expect(() => reasonChange('DOA', { en: 'x'.repeat(201) })).toThrow(/--en/);
      expect(() => reasonChange('DOA', { en: 'two\nlines' })).toThrow(/one line/);
      expect(() => reasonChange('DOA', { 'photo-required': 'maybe' })).toThrow(/yes or no/);
      expect(() => reasonChange('DOA', { remove: true, en: 'x' })).toThrow(/--remove takes nothing else/);
      expect(() => changedReasons(reasonChange('NEW', { fr: 'Nouveau' }), reasons)).toThrow(/English label \(--en\)/);
      expect(() => changedReasons(reasonChange('NOPE', { remove: true }), reasons)).toThrow(
        /No reason NOPE: the reasons are DOA, LOCKED/,
      );
      expect(() => changedReasons(reasonChange('DOA', { remove: true }), [reasons[0]!])).toThrow(/last reason/);
    });
  });
});
