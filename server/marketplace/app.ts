import { createHash } from 'node:crypto';
import { CONFIG_REVISION_HEADER } from '../../app/.server/api/config-revision';
import { Hono } from 'hono';
import type { TenantConfig } from '../../app/domain/tenant-config';
import type { MarketplaceDeps } from './context';
import type { Database } from './db/client';
import { ApiError, signInsBusy } from './errors';
import { HashingBusyError } from './services/identity/hashing-queue';
import { createTranslator } from './i18n';
import { refuseBadPaths } from './routes/validate';
import type { Mailer } from './mailer';
import { adminRoutes } from './routes/admin';
import { requireUser } from './routes/auth';
import { broadcastRoutes } from './routes/broadcast';
import { refuseWhenDeactivated } from './routes/deactivated';
import { identityRoutes } from './routes/identity';
import { openApiRoutes } from './routes/openapi';
import { publicRoutes } from './routes/public';
import { settingsRoutes } from './routes/settings';
import { stockRoutes } from './routes/stock';
import { userRoutes } from './routes/user';
import { createIdentityService } from './services/identity/identity';
import { dailyReportJob } from './jobs/daily-report';
import { draftCleanupJob } from './jobs/draft-cleanup';
import { reservationFeesJob } from './jobs/reservation-fees';
import { offerReviewJob } from './jobs/offer-review';
import { neverMaintained, pgliteMaintenanceJob } from './jobs/pglite-maintenance';
import { createJobRunner, type JobRunnerOptions } from './jobs/runner';
import { alertRoutes } from './routes/alerts';
import { savedSearchRoutes } from './routes/saved-searches';
import { createSavedSearches } from './services/stock/saved-searches';
import { savedSearchAlertsJob } from './jobs/saved-search-alerts';
import { buyerHomeRoutes } from './routes/buyer-home';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes, paymentSandboxRoutes } from './routes/checkout';
import { orderListRoutes } from './routes/order-list';
import { createCheckoutService } from './services/checkout/checkout';
import { createBuyAgain } from './services/orders/buy-again';
import { createOrderService } from './services/orders/orders';
import { orderRoutes } from './routes/orders';
import { createPayments, sandboxProvider } from './services/payments/payments';
import { payPalProvider, type PayPalSettings } from './services/payments/paypal';
import { offerRoutes } from './routes/offers';
import { orderDocumentRoutes } from './routes/order-documents';
import { createOrderDocuments } from './services/orders/order-documents';
import { orderTermsRoutes } from './routes/order-terms';
import { createOrderTerms } from './services/orders/order-terms';
import { returnRoutes } from './routes/returns';
import { preorderRoutes } from './routes/preorders';
import { createPreorders } from './services/preorders/preorders';
import { createPreorderAllocation } from './services/preorders/preorder-allocation';
import { createAwardedOrders } from './services/orders/awarded-orders';
import { PREORDER_ALLOCATION_JOB, preorderAllocationJob } from './jobs/preorder-allocation';
import { auctionRoutes } from './routes/auctions';
import { createAuctions } from './services/auctions';
import { auctionsJob } from './jobs/auctions';
import { createReturns } from './services/returns/returns';
import { createReturnDocuments } from './services/returns/return-documents';
import { offerImportRoutes } from './routes/offer-import';
import { createOfferImport } from './services/offers/import/service';
import { createAlertService } from './services/stock/alerts';
import { createCartService } from './services/offers/cart';
import { createDailyReport } from './services/stock/daily-report';
import { createProofOfExport } from './services/orders/proof-of-export';
import { databaseFileStore } from './services/shared/file-store';
import { proofOfExportRoutes, proofOfExportUploadRoutes } from './routes/proof-of-export';
import { createOfferAnswerMail } from './services/offers/offer-answer-mail';
import { createOfferService } from './services/offers/offers';
import { createStockService } from './services/stock/stock';
import { createStockChanges } from './services/stock/stock-changes';
import { randomToken } from './services/identity/passwords';
import { settingOnce } from './services/shared/settings';

export const API_BASE = '/px-api-gateway';

export interface MarketplaceOptions {
  database: Database;
  config: TenantConfig;
  mailer: Mailer;
  accessTokenTtlSeconds?: number;
  /** Enables the admin endpoints (CLI and tests) for callers that present this token. */
  adminToken?: string;
  onError?: (error: unknown, where?: string) => void;
  /** Told about every background job run and every tick skipped because another run held the job (metrics). */
  onJobRun?: JobRunnerOptions['onRun'];
  /** INTEGRATED_PAYPAL through PayPal; the embedded sandbox provider without. */
  payPal?: PayPalSettings;
  /** The portal's public address: links in e-mails (saved search alerts) are made absolute with it. */
  publicUrl?: string;
}

export interface Marketplace {
  fetch: (request: Request) => Promise<Response>;
  deps: MarketplaceDeps;
  /** Starts the background jobs (offer review and expiry, daily report, draft clean-up); the embedded server does. */
  startJobs(): void;
  stopJobs(): Promise<void>;
  /** Every route it serves, as method and path (Hono's pattern: `:name{regex}` for a parameter). */
  routes: { method: string; path: string }[];
}

export async function createMarketplace(options: MarketplaceOptions): Promise<Marketplace> {
  const { db } = options.database;
  const secret = await identitySecret(options.database);
  const { t } = createTranslator(options.config);
  const identity = createIdentityService({
    db,
    mailer: options.mailer,
    secret,
    tenantName: options.config.tenantName,
    t,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
  });
  const reportError = (error: unknown, where?: string) => options.onError?.(error, where);
  const stockChanges = createStockChanges(db, (error) => reportError(error, 'stock change listener'));
  const offerAnswerMail = createOfferAnswerMail({ db, mailer: options.mailer, t, config: options.config });
  const deps: MarketplaceDeps = {
    db,
    config: options.config,
    mailer: options.mailer,
    t,
    identity,
    stock: createStockService(db, options.config.language),
    stockChanges,
    jobs: createJobRunner({ db, reportError, onRun: options.onJobRun }),
    offers: createOfferService({ db, config: options.config, stockChanges }, (answered) => {
      void offerAnswerMail.send(answered).catch((error: unknown) => reportError(error, 'offer answer e-mail'));
    }),
    reportError,
  };
  if (options.database.kind === 'pglite') {
    await deps.jobs.freeLeftLeases();
    deps.jobs.add(pgliteMaintenanceJob(db));
  }
  const alerts = createAlertService(deps);
  stockChanges.onChange((changes) => deps.offers.onStockChanged(changes));
  stockChanges.onChange((changes) => alerts.onStockChanged(changes));
  deps.jobs.add(offerReviewJob(deps));
  const dailyReport = createDailyReport(deps);
  const files = databaseFileStore(db);
  const proofOfExport = createProofOfExport(deps, { secret, files });
  deps.jobs.add(dailyReportJob(deps, dailyReport));
  const savedSearches = createSavedSearches(deps, { publicUrl: options.publicUrl });
  deps.jobs.add(savedSearchAlertsJob(deps, savedSearches));
  const cart = createCartService(deps);
  const imports = createOfferImport(deps);
  const checkout = createCheckoutService(deps, cart);
  const orderService = createOrderService(deps, checkout);
  const provider = options.payPal ? payPalProvider(options.payPal) : sandboxProvider(API_BASE, db);
  const payments = createPayments(deps, checkout, provider, options.config.currencyCode);
  const orderTerms = createOrderTerms(deps);
  deps.jobs.add(reservationFeesJob(orderTerms));
  const returns = createReturns(deps, files);
  deps.jobs.add(draftCleanupJob(cart, imports, orderService));
  const preorders = createPreorders(deps);
  const preorderAllocation = createPreorderAllocation(deps, createAwardedOrders(deps, checkout));
  deps.jobs.add(preorderAllocationJob(preorderAllocation));
  const auctions = createAuctions(deps, checkout, files);
  deps.jobs.add(auctionsJob(auctions.closing));

  const signedIn = new Hono()
    .use(refuseWhenDeactivated(options.config))
    .use(requireUser(deps))
    .route('/', userRoutes(deps))
    .route('/', broadcastRoutes(deps))
    .route('/', settingsRoutes(deps))
    .route('/', stockRoutes(deps))
    .route('/', offerImportRoutes(deps, imports))
    .route('/', offerRoutes(deps))
    .route('/', alertRoutes(deps, alerts))
    .route('/', savedSearchRoutes(deps, savedSearches))
    .route('/', proofOfExportRoutes(proofOfExport))
    .route('/', cartRoutes(deps, cart))
    .route('/', buyerHomeRoutes(deps))
    // Before the routes of one order: /orders/export is not an order number.
    .route('/', orderListRoutes(deps))
    .route('/', checkoutRoutes(checkout, payments))
    .route('/', orderRoutes(orderService, createBuyAgain(deps, checkout)))
    .route('/', orderDocumentRoutes(createOrderDocuments(deps)))
    .route('/', orderTermsRoutes(orderTerms))
    .route('/', returnRoutes(returns, createReturnDocuments(deps, returns)))
    .route('/', preorderRoutes(preorders))
    .route('/', auctionRoutes(auctions));

  // The portal keeps the configuration until an answer names another revision (the config is fixed
  // for the life of the process).
  const configRevision = createHash('sha256').update(JSON.stringify(options.config)).digest('base64url').slice(0, 22);
  const app = new Hono()
    .basePath(API_BASE)
    .use(async (c, next) => {
      await next();
      c.res.headers.set(CONFIG_REVISION_HEADER, configRevision);
    })
    .use(refuseBadPaths)
    .route('/', publicRoutes(deps))
    .route('/', openApiRoutes())
    .route('/', paymentSandboxRoutes(deps, payments))
    .use('/identity/*', refuseWhenDeactivated(options.config, { except: ['/identity/sign-out'] }))
    .route('/identity', identityRoutes(deps))
    .use('/proof-of-export/upload/*', refuseWhenDeactivated(options.config))
    .route('/', proofOfExportUploadRoutes(proofOfExport));
  if (options.adminToken)
    app.route(
      '/admin',
      adminRoutes(deps, options.adminToken, { dailyReport, proofOfExport, orderTerms, returns, preorders, auctions }),
    );
  app.route('/', signedIn);

  app.notFound((c) => c.json(new ApiError(404, 'notFound', 'Not found').toBody(), 404));
  app.onError((error, c) => {
    if (error instanceof HashingBusyError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(signInsBusy(error.retryAfterSeconds).toBody(), 503);
    }
    if (error instanceof ApiError) return c.json(error.toBody(), error.status);
    options.onError?.(error);
    return c.json({ statusCode: 500, messageCode: 'internalError', message: 'Internal Server Error' }, 500);
  });

  return {
    fetch: (request) => Promise.resolve(app.fetch(request)),
    deps,
    startJobs: () => {
      deps.jobs.start();
      // Stock that arrived while no server ran (a kill mid-allocation, the demo's seed) is allocated now, not at the first tick.
      void preorderAllocation
        .waiting()
        .then((due) => (due ? deps.jobs.runNow(PREORDER_ALLOCATION_JOB) : undefined))
        .catch((error: unknown) => reportError(error, PREORDER_ALLOCATION_JOB));
      // A database never maintained (just made, or new tables) gets its planner statistics now, in the background.
      if (options.database.kind === 'pglite') {
        void neverMaintained(db)
          .then((due) => (due ? deps.jobs.runNow('pglite-maintenance') : undefined))
          .catch((error: unknown) => reportError(error, 'pglite-maintenance'));
      }
    },
    stopJobs: () => deps.jobs.stop(),
    routes: app.routes.map(({ method, path }) => ({ method, path })),
  };
}

/** The key that signs access tokens: one for every replica on the database. */
function identitySecret({ db }: Database): Promise<string> {
  return settingOnce(db, 'identity-secret', () => randomToken(48));
}
