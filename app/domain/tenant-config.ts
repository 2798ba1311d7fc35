import { isWebAddress } from './web-address';
import { z } from 'zod';
import { validityWindow, windowInOrder } from './validity';
import { TAX_ROUNDINGS } from './checkout/charges';
import { promotionSchema } from './checkout/promotions';
import { auctionSettingsSchema } from './auctions/settings';
import { isTimeZone } from './time-zone';

/** The side-menu display map: which entries the tenant shows at all (authorities narrow it further). */
export const sideMenuDisplaySchema = z.object({
  Home: z.boolean().default(true),
  StockList: z.boolean().default(true),
  Cart: z.boolean().default(true),
  Auctions: z.boolean().default(true),
  PreOrders: z.boolean().default(true),
  Orders: z.boolean().default(true),
  Returns: z.boolean().default(true),
});

const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'a hex colour such as #1a73e8');

export const themeSchema = z.object({
  primary: colour.default('#0b5cad'),
  primaryContrast: colour.default('#ffffff'),
  secondary: colour.default('#0e7c66'),
  background: colour.default('#f5f7fa'),
  surface: colour.default('#ffffff'),
  text: colour.default('#1d2430'),
  muted: colour.default('#566173'),
  error: colour.default('#b3261e'),
  success: colour.default('#1b6e35'),
  fontFamily: z.string().max(200).default('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
  headingFontFamily: z.string().max(200).optional(),
});

/**
 * A site-wide sales banner (spec 2 §2): a short text, optionally with one link. It announces one of the
 * tenant's promotions (by its code) and is shown only while that rule applies, so that it never promises
 * what the checkout does not do (issue 51).
 */
export const salesBannerSchema = z.object({
  message: z.string().min(1).max(300),
  /** Required of our marketplace's tenants (bannerWithoutRule); another tenant API may not send it. */
  promotion: z.string().min(1).max(40).optional(),
  url: z.string().url().optional(),
  linkLabel: z.string().min(1).max(80).optional(),
});

/** A third-party widget the tenant may configure: an https script and the settings handed to it. */
const httpsUrl = z
  .string()
  .url()
  .refine((url) => url.startsWith('https://'), 'an https:// address');
/** A page the portal links or frames: one of its own (a path like /tutorials/x.html) or another site's. */
const pageAddress = z.union([
  z.string().url().refine(isWebAddress, 'an http(s) address'),
  z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/, 'a path on this site, like /tutorials/stock-list.html'),
]);
export const widgetConfigSchema = z.object({ scriptUrl: httpsUrl }).catchall(z.unknown());

/** A broadcast banner item (spec 3 §3): shown after sign-in while active and within its window. */
export const broadcastBannerSchema = z
  .object({
    message: z.string().min(1).max(500),
    active: z.boolean().default(true),
    ...validityWindow,
  })
  .refine(...windowInOrder);

export const footerLinkSchema = z.object({
  url: z.string().url(),
  label: z.string().min(1).max(100),
  i18nKey: z.string().max(100).optional(),
});

/**
 * How the demo seller answers offers by itself, as shares of the list price: at or above
 * `acceptAtOrAbove` accept, below `rejectBelow` reject, in between counter at `counterAt`.
 */
export const offerReviewSchema = z
  .object({
    enabled: z.boolean().default(true),
    acceptAtOrAbove: z.number().min(0).max(1).default(0.9),
    rejectBelow: z.number().min(0).max(1).default(0.6),
    counterAt: z.number().min(0).max(1).default(0.95),
    /** Offers wait this long before the rules answer them. */
    delaySeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(120),
    /** Accepted and countered offers can be checked out for this long. */
    validHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(48),
  })
  .default({
    enabled: true,
    acceptAtOrAbove: 0.9,
    rejectBelow: 0.6,
    counterAt: 0.95,
    delaySeconds: 120,
    validHours: 48,
  });

const line = z.string().min(1).max(120);

/** Who sells and where the buyer's money goes: printed on every invoice. */
export const sellerSchema = z.object({
  /** The seller's legal name and postal address, a line each. */
  name: line,
  address: z.array(line).min(1).max(6),
  /** The tenant's wire instructions, in full. */
  wire: z.object({
    bank: line,
    bankAddress: line.optional(),
    accountName: line,
    accountNumber: z.string().min(1).max(40),
    /** ABA routing number (US) or the bank's national code; IBAN where the country uses one. */
    routingNumber: z.string().min(1).max(40).optional(),
    iban: z.string().min(1).max(40).optional(),
    swift: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'a SWIFT/BIC code of 8 or 11 letters and digits'),
  }),
});

/** What only the marketplace reads: never sent by saas-config. */
export const marketplaceConfigSchema = z
  .object({
    offerReview: offerReviewSchema,
    /** Hour of the day (UTC) when the daily stock report goes out. */
    dailyReportHourUtc: z.number().int().min(0).max(23).default(6),
    /** What GET broadcast-banner answers to signed-in buyers. */
    broadcastBanners: z.array(broadcastBannerSchema).max(10).default([]),
    /** The promotions the checkout applies; the cart's free-shipping banner is shown only from a valid one. */
    promotions: z.array(promotionSchema).max(20).default([]),
    /** Tax rounded once on the order or on each line, half up to the minor unit. */
    taxRounding: z.enum(TAX_ROUNDINGS).default('PER_ORDER'),
    seller: sellerSchema.optional(),
    /** Auctions: increments by band, soft close (issue 53). */
    auctions: auctionSettingsSchema,
  })
  .default({
    auctions: auctionSettingsSchema.parse(undefined),
    offerReview: offerReviewSchema.parse(undefined),
    dailyReportHourUtc: 6,
    broadcastBanners: [],
    promotions: [],
    taxRounding: 'PER_ORDER',
  });

/** The public tenant configuration (saas-config). Unknown fields are ignored. */
export const tenantConfigSchema = z.object({
  tenant_id: z.string().min(1),
  tenantShortName: z.string().min(1).max(40),
  tenantName: z.string().min(1).max(120),
  siteTitle: z.string().min(1).max(120),
  /** The seller's short name on the cart tabs; the spec's default is ACME. */
  sellerShortName: z.string().max(40).default('ACME'),
  language: z.string().min(2).max(10).default('en'),
  /** The zone times are shown in for a buyer who chose none and a page without scripts, and in e-mails and documents (an IANA name). */
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone name, such as America/Chicago').default('UTC'),
  currencyCode: z.string().length(3).default('USD'),
  currencySymbol: z.string().max(5).default('$'),
  currencyPrecision: z.number().int().min(0).max(4).default(2),
  theme: themeSchema.default(themeSchema.parse({})),
  favicon: z.string().max(500).default('/favicon.svg'),
  logoSmall: z.string().max(500).default('/logo.svg'),
  userPoolLogo: z.string().max(500).optional(),
  site_header: z.string().max(200).optional(),
  custom_css: z.string().max(20000).default(''),
  custom_login_content: z.string().max(5000).optional(),
  custom_signup_url: z.string().url().optional(),
  business_tenant_site: z.string().max(500).default(''),
  businessCopyrights: z.string().max(300).default(''),
  footer_links: z.array(footerLinkSchema).max(20).default([]),
  /** The tenant's terms of sale for /terms-of-sale, paragraphs separated by a blank line; absent: the portal's default in the tenant's language. */
  termsOfSale: z.string().max(20000).optional(),
  whatsAppIconPosition: z.enum(['bottom-right', 'bottom-left']).default('bottom-right'),
  tutorialUrl: pageAddress.optional(),
  gradingScaleUrl: z.string().url().optional(),
  sideMenuDisplay: sideMenuDisplaySchema.default(sideMenuDisplaySchema.parse({})),
  salesBanner: salesBannerSchema.optional(),
  /** Widgets load only when configured, never needed by any screen: analytics, helpdesk, live update. */
  analytics: widgetConfigSchema.optional(),
  helpdesk: widgetConfigSchema.optional(),
  liveUpdateKey: z.string().max(200).optional(),
  liveUpdateScriptUrl: httpsUrl.optional(),
  networkParticipant: z.boolean().default(false),
  deactivated: z.boolean().default(false),
  /** Label overrides per language, served by saas-i18n. */
  labels: z.record(z.string(), z.record(z.string(), z.string())).default({}),
  marketplace: marketplaceConfigSchema,
});

/** A configuration's sales banner that names no promotion of its own: the problem, or null. (Not a refinement: the public schema omits fields, which Zod refuses on a refined object.) */
export function bannerWithoutRule(config: Pick<TenantConfig, 'salesBanner' | 'marketplace'>): string | null {
  const banner = config.salesBanner;
  if (!banner || config.marketplace.promotions.some((rule) => rule.code === banner.promotion)) return null;
  return `salesBanner.promotion: ${banner.promotion ?? '(missing)'} is no code of marketplace.promotions; a banner announces a rule the checkout applies`;
}

export type TenantConfig = z.infer<typeof tenantConfigSchema>;
export type PublicTenantConfig = Omit<TenantConfig, 'labels' | 'marketplace'>;
export type OfferReviewRules = z.infer<typeof offerReviewSchema>;
export type SideMenuDisplay = z.infer<typeof sideMenuDisplaySchema>;

/** The terms of sale as paragraphs (a blank line between two). */
export function termsParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
