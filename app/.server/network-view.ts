import type { AppLoadContext } from '@remix-run/node';
import { participantsInView as inView, showsNetworkView } from '~/domain/network';
import { networkApi } from './api/network';
import type { StockOwner } from './api/offers';
import { getTenantConfig } from './api/settings';
import { stockApi, type ParticipantWarehouses } from './api/stock';

/** Whether the signed-in buyer gets the network participant view. Network settings that fail to load are logged and show no network. */
export async function networkView(context: AppLoadContext, token: string): Promise<boolean> {
  const config = await getTenantConfig(context);
  if (!config.networkParticipant) return false;
  try {
    return showsNetworkView(config, await networkApi.settings(context, token));
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'network settings not available');
    return false;
  }
}

/** The participants whose stock the buyer sees: the tenant's own, and the network's in the network view. */
export async function participantsInView(context: AppLoadContext, token: string): Promise<ParticipantWarehouses[]> {
  const [participants, network] = await Promise.all([
    stockApi.participants(context, token),
    networkView(context, token),
  ]);
  return inView(participants, network);
}

/** Who owns a participant's stock as the buyer sees it, or null for a participant the buyer cannot see. */
export async function stockOwner(
  context: AppLoadContext,
  token: string,
  participantId: string,
): Promise<StockOwner | null> {
  const participant = (await participantsInView(context, token)).find((p) => p.pxnParticipantId === participantId);
  return participant ? { participantId, isOwn: participant.isOwn } : null;
}
