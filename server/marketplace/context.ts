import type { TenantConfig } from '../../app/domain/tenant-config';
import type { Db } from './db/client';
import type { Translate } from './i18n';
import type { Mailer } from './mailer';
import type { IdentityService } from './services/identity/identity';
import type { OfferService } from './services/offers/offers';
import type { JobRunner } from './jobs/runner';
import type { StockService } from './services/stock/stock';
import type { StockChanges } from './services/stock/stock-changes';

/** What every marketplace route can reach. */
export interface MarketplaceDeps {
  db: Db;
  config: TenantConfig;
  mailer: Mailer;
  /** Texts for buyers (e-mails, spreadsheets, default messages) in the tenant's language. */
  t: Translate;
  identity: IdentityService;
  stock: StockService;
  /** The one writer of stock quantities and prices; offers and alerts listen to it. */
  stockChanges: StockChanges;
  jobs: JobRunner;
  offers: OfferService;
  /** Logs a failure that must not reach the caller (listeners, jobs). */
  reportError: (error: unknown, where?: string) => void;
}

export interface SignedInUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isBuyer: boolean;
  buyerId: number | null;
  authorities: string[];
  /** Moves whenever the authorities change (users.authorities_revision); the guard always sets it (optional for users made in tests). */
  authoritiesRevision?: number;
  /** The sign-in this request belongs to. */
  sessionId: string;
}

export type MarketplaceEnv = { Variables: { user: SignedInUser } };
