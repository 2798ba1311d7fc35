import { eq } from 'drizzle-orm';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { auctionLotLines } from '../../db/schema';
import { workbookBuffer } from '../shared/sheet-writer';
import { guardRow } from '../shared/sheet-cells';
import type { AuctionLots } from './lots';

/** A lot's manifest as an xlsx the buyer downloads, its headers in the tenant's language. */
export function createManifestExport(deps: Pick<MarketplaceDeps, 'db' | 't' | 'config'>, lots: AuctionLots) {
  return async (user: SignedInUser, lotId: number) => {
    const buyerId = await lots.viewer(user);
    const lot = await lots.visibleLot(buyerId, lotId);
    const lines = await deps.db
      .select()
      .from(auctionLotLines)
      .where(eq(auctionLotLines.lotId, lotId))
      .orderBy(auctionLotLines.id);
    const { t } = deps;
    const body = await workbookBuffer(deps.config.tenantName, (workbook) => {
      const sheet = workbook.addWorksheet(t('auctions.manifest.sheet'));
      sheet.addRow([
        t('auctions.manifest.model'),
        t('auctions.manifest.grade'),
        t('auctions.manifest.capacity'),
        t('auctions.manifest.colour'),
        t('auctions.manifest.quantity'),
        t('auctions.manifest.imeis'),
      ]).font = { bold: true };
      for (const l of lines)
        guardRow(sheet.addRow([l.model, l.grade, l.capacity, l.colour, l.quantity, l.imeis.join(', ')]));
    });
    return { body, fileName: `lot-${lot.id}-manifest.xlsx` };
  };
}
