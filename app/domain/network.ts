/** What the rule reads of the tenant configuration (its networkParticipant flag). */
export interface NetworkConfig {
  networkParticipant: boolean;
}

/** What the rule reads of GET network settings; null when they could not be loaded. */
export interface NetworkFlags {
  isPxnr: boolean;
}

/**
 * The network participant view (other participants' warehouse groups on the stock list and in the
 * cart) shows only when the tenant is a network participant: the configuration flag
 * networkParticipant and the setting isPxnr together (spec 1 §6). Without settings, nothing of
 * the network shows.
 */
export function showsNetworkView(config: NetworkConfig, settings: NetworkFlags | null): boolean {
  return config.networkParticipant && settings?.isPxnr === true;
}

/** The participants a buyer sees: the tenant's own always, the network's only in the network view. */
export function participantsInView<T extends { isOwn: boolean }>(
  participants: readonly T[],
  networkView: boolean,
): T[] {
  return participants.filter((p) => p.isOwn || networkView);
}

/** The cart entries on the stock of the participants in view: a network entry shows only in the network view. */
export function entriesInView<T extends { participantId: string }>(
  entries: readonly T[],
  participants: readonly { pxnParticipantId: string }[],
): T[] {
  const seen = new Set(participants.map((p) => p.pxnParticipantId));
  return entries.filter((e) => seen.has(e.participantId));
}
