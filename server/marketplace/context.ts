import type { TenantConfig } from '../../app/domain/tenant-config';
import type { Db } from './db/client';
import type { Mailer } from './mailer';
import type { IdentityService } from './services/identity';

/** What every marketplace route can reach. */
export interface MarketplaceDeps {
  db: Db;
  config: TenantConfig;
  mailer: Mailer;
  identity: IdentityService;
}

export interface SignedInUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isBuyer: boolean;
  buyerId: number | null;
  authorities: string[];
}

export type MarketplaceEnv = { Variables: { user: SignedInUser } };
