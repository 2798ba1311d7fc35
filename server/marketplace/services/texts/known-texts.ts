import type { Db } from '../../db/client';
import { checkoutTexts, readCatalogue } from '../checkout/checkout-catalogue';
import { orderSettingsTexts, readOrderSettings } from '../orders/order-settings';
import { stockTexts, type KnownText } from './texts';

/** Every word buyers read that a text can be set for: the order settings', the checkout catalogue's and the stock's, with their English. */
export const knownTexts = async (db: Db): Promise<KnownText[]> => [
  ...orderSettingsTexts(await readOrderSettings(db)),
  ...checkoutTexts(await readCatalogue(db)),
  ...(await stockTexts(db)),
];
