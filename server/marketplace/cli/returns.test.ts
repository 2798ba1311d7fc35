import { describe, expect, it } from 'vitest';
import { returnRequest } from './returns';

describe('returns command line', () => {
  it('turns each command into its admin call', () => {
    expect(returnRequest(['list'], { email: 'b@example.com', status: 'requested' })).toEqual({ method: 'GET', route: '/returns?email=b%40example.com&status=REQUESTED' });
    expect(returnRequest(['show', 'RMA-1-1'], {})).toEqual({ method: 'GET', route: '/returns/RMA-1-1' });
    expect(returnRequest(['approve', 'RMA-1-1'], { instructions: 'Dock 4', reject: '490154203237518=Works fine' })).toMatchObject({
      route: '/returns/RMA-1-1/approve',
      body: { instructions: 'Dock 4', rejectUnits: [{ unit: '490154203237518', reason: 'Works fine' }], actor: 'seller (cli)' },
    });
    expect(returnRequest(['credit', 'RMA-1-1'], { amounts: 'A#1=1200; 490154203237518=0' }).body).toMatchObject({ amounts: { 'A#1': 1200, '490154203237518': 0 } });
    expect(returnRequest(['credit', 'RMA-1-1'], {}).body).toMatchObject({ amounts: undefined });
    expect(returnRequest(['receive', 'RMA-1-1'], {})).toMatchObject({ method: 'POST', route: '/returns/RMA-1-1/receive' });
    expect(returnRequest(['settings'], {})).toEqual({ method: 'GET', route: '/returns/settings' });
    const current = { reasons: [{ code: 'DOA', labels: { en: 'Dead' }, photoRequired: false }, { code: 'LOCKED', labels: { en: 'Locked' }, photoRequired: true }] };
    expect(returnRequest(['settings'], { 'window-days': '30', 'photos-required': 'DOA' }, current).body).toEqual({
      windowDays: 30,
      reasons: [
        { code: 'DOA', labels: { en: 'Dead' }, photoRequired: true },
        { code: 'LOCKED', labels: { en: 'Locked' }, photoRequired: false },
      ],
    });
  });

  it('answers the usage or names the mistake', () => {
    for (const args of [[], ['show'], ['show', '../admin'], ['reject', 'RMA-1-1'], ['undo', 'RMA-1-1']]) expect(() => returnRequest(args, {}), args.join(' ')).toThrow(/Usage/);
    expect(() => returnRequest(['credit', 'RMA-1-1'], { amounts: 'A#1=12.50' })).toThrow(/whole number of minor units/);
    expect(() => returnRequest(['approve', 'RMA-1-1'], { reject: 'nothing' })).toThrow(/not UNIT=VALUE/);
    expect(() => returnRequest(['settings'], { 'window-days': 'two' })).toThrow(/whole number/);
  });
});
