import { eq } from 'drizzle-orm';
import type { TenantConfig } from '../../../../app/domain/tenant-config';
import type { Db } from '../../db/client';
import type { SignedInUser } from '../../context';
import { participants } from '../../db/schema';
import { isPxnsSeller } from '../identity/buyer-guard';
import { ApiError, badRequest } from '../../errors';
import { readSetting } from '../shared/settings';
import type { StockService } from './stock';

export const PARTICIPANT_HEADER = 'pxns-participant-id';

interface StoredNetworkSettings {
  isPxnr: boolean;
  pxnrParticipantId: string | null;
}

async function storedSettings(db: Db): Promise<StoredNetworkSettings> {
  const stored = await readSetting<Partial<StoredNetworkSettings>>(db, 'network-settings');
  return { isPxnr: stored?.isPxnr ?? false, pxnrParticipantId: stored?.pxnrParticipantId ?? null };
}

const participantNotFound = () => new ApiError(404, 'participantNotFound', 'Network participant not found');

/**
 * The network participant a pxnr call names in its header, as the buyer sees it: another participant
 * than the tenant itself, while the tenant is a network requester. Anything else is not found, so a
 * wrong header never reaches anyone's entries.
 */
export async function namedNetworkParticipant(db: Db, header: string | undefined): Promise<string> {
  if (!header) throw badRequest('participantRequired', `The ${PARTICIPANT_HEADER} header is required`);
  const [participant] = await db.select().from(participants).where(eq(participants.id, header));
  if (!participant || participant.isOwn || !(await storedSettings(db)).isPxnr) throw participantNotFound();
  return participant.id;
}

/** Whether the signed-in user requests network stock: a buyer of a requesting tenant, not a pxns seller. */
async function isNetworkRequester(db: Db, user: SignedInUser, settings: StoredNetworkSettings): Promise<boolean> {
  if (!settings.isPxnr || !user.buyerId) return false;
  return !(await isPxnsSeller(db, user.buyerId));
}

/**
 * GET network settings (spec 1 §5, spec 2 §3 and §7): isPxnr, pxnrParticipantId and the tenant's
 * networkParticipant flag; for a network requester also the network stock settings and warehouses.
 */
export async function networkSettings(
  db: Db,
  stock: StockService,
  config: Pick<TenantConfig, 'networkParticipant'>,
  user: SignedInUser,
) {
  const settings = await storedSettings(db);
  const base = { ...settings, networkParticipant: config.networkParticipant };
  if (!(await isNetworkRequester(db, user, settings))) return base;
  const network = (await stock.participantWarehouses()).filter((p) => !p.isOwn);
  const stockSettings = await Promise.all(
    network.map(async (p) => ({ participant: p, settings: await stock.settings(p.pxnParticipantId) })),
  );
  return {
    ...base,
    networkStockSettings: stockSettings.flatMap(({ participant, settings: s }) =>
      s
        ? [
            {
              pxnParticipantId: participant.pxnParticipantId,
              warehouseLabels: s.warehouseLabels,
              warehouseAcceptingOffer: s.warehouseAcceptingOffer,
            },
          ]
        : [],
    ),
    networkWarehouses: network.map((p) => ({
      pxnParticipantId: p.pxnParticipantId,
      isPxns: p.isPxns,
      warehouses: p.warehouseGroups.flatMap((g) =>
        g.warehouses.map((w) => ({ warehouseId: w.warehouseId, warehouseLabel: w.warehouseLabel })),
      ),
    })),
  };
}
