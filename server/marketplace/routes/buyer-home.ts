import { Hono } from 'hono';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { createBuyerHome } from '../services/identity/buyer-home';

/** The buyer's home (issue 37): orders that need the buyer and the stock alerts met this week. */
export function buyerHomeRoutes(deps: Pick<MarketplaceDeps, 'db' | 'config'>) {
  const home = createBuyerHome(deps);
  return new Hono<MarketplaceEnv>().get('/buyer-home', async (c) => c.json(await home.read(c.get('user'))));
}
