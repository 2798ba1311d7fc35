import { describe, expect, it } from 'vitest';
import { participantsInView, showsNetworkView } from './network';

describe('showsNetworkView (spec 1 §6)', () => {
  it('needs both the configuration flag networkParticipant and the setting isPxnr', () => {
    expect(showsNetworkView({ networkParticipant: true }, { isPxnr: true })).toBe(true);
    expect(showsNetworkView({ networkParticipant: false }, { isPxnr: true })).toBe(false);
    expect(showsNetworkView({ networkParticipant: true }, { isPxnr: false })).toBe(false);
    expect(showsNetworkView({ networkParticipant: false }, { isPxnr: false })).toBe(false);
  });

  it('shows nothing of the network when the network settings could not be loaded', () => {
    expect(showsNetworkView({ networkParticipant: true }, null)).toBe(false);
  });
});

describe('participantsInView', () => {
  const own = { id: 'acme', isOwn: true };
  const network = [
    { id: 'pxn-bluewave', isOwn: false },
    { id: 'pxn-northstar', isOwn: false },
  ];

  it('keeps every participant, in order, in the network view', () => {
    expect(participantsInView([network[0]!, own, network[1]!], true)).toEqual([network[0], own, network[1]]);
  });

  it("keeps only the tenant's own participant outside it", () => {
    expect(participantsInView([network[0]!, own, network[1]!], false)).toEqual([own]);
  });
});
