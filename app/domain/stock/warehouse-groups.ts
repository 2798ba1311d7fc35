export interface ParticipantChoice {
  pxnParticipantId: string;
  isOwn: boolean;
  warehouseGroupSelectOrder: number | null;
  hasSettings: boolean;
  itemsCount: number;
  warehouseGroups: { id: string; itemsCount: number }[];
}

/**
 * The default warehouse group (spec 1 §4): of the participants with items and settings, the one
 * with the lowest warehouseGroupSelectOrder; when no order is set, the buyer's own participant.
 */
export function defaultWarehouseGroup(
  participants: ParticipantChoice[],
  buyerParticipantId: string | null,
): string | undefined {
  const usable = participants.filter((p) => p.hasSettings && p.itemsCount > 0);
  const ordered = usable.filter((p) => p.warehouseGroupSelectOrder !== null);
  const chosen = ordered.length
    ? [...ordered].sort((a, b) => a.warehouseGroupSelectOrder! - b.warehouseGroupSelectOrder!)[0]
    : (usable.find((p) => p.pxnParticipantId === buyerParticipantId) ?? usable.find((p) => p.isOwn) ?? usable[0]);
  // Within the participant, its largest group.
  return [...(chosen?.warehouseGroups ?? [])].sort((a, b) => b.itemsCount - a.itemsCount)[0]?.id;
}

export function participantOfGroup<T extends ParticipantChoice>(
  participants: T[],
  groupId: string | undefined,
): T | undefined {
  return participants.find((p) => p.warehouseGroups.some((g) => g.id === groupId));
}
