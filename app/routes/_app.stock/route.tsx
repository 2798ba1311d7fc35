import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { alertsApi, type StockAlert } from '~/.server/api/alerts';
import { cartApi } from '~/.server/api/cart';
import { offersApi, type Offer } from '~/.server/api/offers';
import { reportsApi } from '~/.server/api/reports';
import { stockApi } from '~/.server/api/stock';
import { requireBuyer } from '~/.server/auth';
import { participantsInView } from '~/.server/network-view';
import { readImportFailure } from '~/.server/import-flash';
import { titled } from '~/components/page-title';
import { useTenant } from '~/components/use-tenant';
import { hasAuthority } from '~/domain/authorities';
import { canBuy as buyerCanBuy, canSetAlerts } from '~/domain/permissions';
import { formatDateTime } from '~/domain/money';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { levelAttributes } from '~/domain/stock/engine';
import {
  applyFormChange,
  isFormSubmission,
  listSearch,
  parseOpenGroups,
  parseStockQuery,
  TOGGLE_PARAM,
  toggledOpen,
  VIEW_PARAMS,
} from '~/domain/stock/query';
import { defaultWarehouseGroup, participantOfGroup } from '~/domain/stock/warehouse-groups';
import { stockAction } from './actions.server';
import { alertConstraint } from './alert-actions.server';
import { offerConstraint } from './offer-actions.server';
import { badgeCounts } from './badges.server';
import { AlertDialog as AlertDialogNow } from './AlertDialog';
import { DailyReportDialog as DailyReportDialogNow } from './DailyReportDialog';
import { GradeDialog as GradeDialogNow } from './GradeDialog';
import { ImportDialog as ImportDialogNow } from './ImportDialog';
import { OfferDialog as OfferDialogNow } from './OfferDialog';
import { StockFilters } from './StockFilters';
import { FoldToggle } from '~/components/FoldToggle';
import { StockResults } from './StockResults';
import { StockToolbar } from './StockToolbar';
import { TutorialDialog as TutorialDialogNow } from './TutorialDialog';
import { WhatsAppButton } from './WhatsAppButton';
import { useTexts } from '~/i18n/use-texts';
import { useTimeZone } from '~/components/use-date-time';

/*
 * The dialogs are part of the page the server renders (an open dialog is in the URL), but the
 * browser needs their code only when one opens: its build loads each on first use (a Suspense
 * boundary keeps the server's markup until then), so the stock list's first load carries none.
 */
const OfferDialog = import.meta.env.SSR
  ? OfferDialogNow
  : lazy(() => import('./OfferDialog').then((m) => ({ default: m.OfferDialog })));
const AlertDialog = import.meta.env.SSR
  ? AlertDialogNow
  : lazy(() => import('./AlertDialog').then((m) => ({ default: m.AlertDialog })));
const ImportDialog = import.meta.env.SSR
  ? ImportDialogNow
  : lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));
const DailyReportDialog = import.meta.env.SSR
  ? DailyReportDialogNow
  : lazy(() => import('./DailyReportDialog').then((m) => ({ default: m.DailyReportDialog })));
const GradeDialog = import.meta.env.SSR
  ? GradeDialogNow
  : lazy(() => import('./GradeDialog').then((m) => ({ default: m.GradeDialog })));
const TutorialDialog = import.meta.env.SSR
  ? TutorialDialogNow
  : lazy(() => import('./TutorialDialog').then((m) => ({ default: m.TutorialDialog })));
export const meta = titled('pageTitle.stock');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  const params = new URL(request.url).searchParams;
  const toggle = params.get(TOGGLE_PARAM);
  // A group's button sent without JavaScript: the list with that group opened or closed, at its clean URL.
  if (toggle !== null) {
    const open = parseOpenGroups(params);
    throw redirect(
      `/stock?${listSearch(parseStockQuery(params), /^[^,]{1,120}$/.test(toggle) ? toggledOpen(open, toggle) : open)}`,
    );
  }
  // The search form sent without JavaScript with no words or the list's own order: the same list at its clean URL.
  if ((params.has('q') && !params.get('q')?.trim()) || params.get('sort') === '') {
    throw redirect(`/stock?${listSearch(parseStockQuery(params), parseOpenGroups(params))}`);
  }
  const participants = await participantsInView(context, token);
  const asked = parseStockQuery(params);

  if (isFormSubmission(params)) {
    // A filter form was sent without JavaScript: apply the loading rules and show the clean URL.
    const previous = participantOfGroup(participants, params.get('previousWarehouseGroup') ?? undefined);
    const previousSettings = previous ? await stockApi.settings(context, token, previous.pxnParticipantId) : null;
    const query = applyFormChange(params, (category) =>
      previousSettings ? levelAttributes(previousSettings, category) : [],
    );
    throw redirect(`/stock?${listSearch(query, parseOpenGroups(params))}`);
  }

  const groupId = participantOfGroup(participants, asked.warehouseGroup)
    ? asked.warehouseGroup
    : defaultWarehouseGroup(participants, user.pxParticipantId);
  const participant = participantOfGroup(participants, groupId);
  if (!participant || !groupId) return { empty: true as const };

  const gradeInfo = params.get('gradeInfo');
  const open = parseOpenGroups(params);
  const canBuy = buyerCanBuy(user);
  const owner = { participantId: participant.pxnParticipantId, isOwn: participant.isOwn };
  const canAlert = canSetAlerts(user);
  const dialogKey =
    (canBuy ? (params.get('buy') ?? params.get('offer')) : null) ?? (canAlert ? params.get('alert') : null);
  const wantsReport =
    params.get('dialog') === 'daily-report' && hasAuthority(user.authorities, 'CAN_SUBSCRIBE_DAILY_REPORT');
  const wantsImport = params.get('dialog') === 'import' && canBuy;
  const importFlash = wantsImport ? await readImportFailure(request) : { failure: null, setCookie: null };
  const pageCall = stockApi.page(
    context,
    token,
    participant.pxnParticipantId,
    { ...asked, warehouseGroup: groupId },
    open,
  );
  const alertsCall = canAlert
    ? quietly(context, 'stock alerts', () => alertsApi.list(context, token, participant.pxnParticipantId))
    : Promise.resolve<Record<string, StockAlert>>({});
  const wantsOfferDialog = canBuy && (params.has('buy') || params.has('offer'));
  const [settings, answer, grades, offers, alerts, dialogItem, report, badges, cartSettings] = await Promise.all([
    pageCall.then((p) =>
      stockApi.settings(
        context,
        token,
        participant.pxnParticipantId,
        'unavailable' in p ? undefined : p.lastUpdateddDate,
      ),
    ),
    pageCall,
    gradeInfo ? stockApi.grades(context, token, participant.pxnParticipantId) : Promise.resolve(null),
    canBuy
      ? quietly(context, 'offers', () => offersApi.list(context, token, owner))
      : Promise.resolve<Record<string, Offer>>({}),
    alertsCall,
    dialogKey
      ? stockApi.item(context, token, participant.pxnParticipantId, dialogKey.slice(0, 200))
      : Promise.resolve(null),
    wantsReport
      ? reportsApi
          .preference(context, token)
          .catch((error: unknown) => (error instanceof Response ? Promise.reject(error) : null))
      : Promise.resolve(null),
    badgeCounts(context, token, participants, { canBuy, canAlert }, { [participant.pxnParticipantId]: alertsCall }),
    // The offer dialog says when offers are reviewed (the cart's offer-clearing schedule), when there is one.
    wantsOfferDialog
      ? quietly(context, 'cart settings', () => cartApi.settings(context, token))
      : Promise.resolve(null),
  ]);
  const page = 'unavailable' in answer ? null : answer;
  const shown = new Set(page?.groups.flatMap((g) => g.items.map((i) => i.itemNumberWarehouse)));
  if (dialogItem) shown.add(dialogItem.itemNumberWarehouse);
  const onPage = <T,>(all: Record<string, T>) =>
    Object.fromEntries(Object.entries(all).filter(([key]) => shown.has(key)));
  const view = Object.fromEntries(VIEW_PARAMS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  return data(
    {
      empty: false as const,
      participants: participants.map((p) => ({
        pxnParticipantId: p.pxnParticipantId,
        name: p.name,
        isOwn: p.isOwn,
        warehouseGroups: p.warehouseGroups,
      })),
      participantId: participant.pxnParticipantId,
      settings: {
        levels: Object.fromEntries(settings.category.map((c) => [c, levelAttributes(settings, c)])),
        showGradeIcon: settings.showGradeIcon,
        gradeLabels: settings.gradeLabels,
        itemDescriptionRules: settings.itemDescriptionRules,
      },
      page,
      open: page ? open.filter((id) => page.groups.some((g) => g.groupId === id)) : [],
      grades: grades?.grades ?? null,
      offers: onPage(offers),
      cartCount: badges.cartCount,
      alerts: onPage(alerts),
      alertCount: badges.alertCount,
      defaultAlertQuantity: settings.defaultAlertQuantity ?? null,
      dialogItem,
      /** The open dialog's form constraint (the schemas stay on the server). */
      dialogConstraint: dialogItem ? (wantsOfferDialog ? offerConstraint : alertConstraint) : null,
      /** What the buy and offer dialogs say happens next: how long the seller's answer holds, when offers are reviewed. */
      offerTerms: wantsOfferDialog
        ? {
            answerValidHours: settings.offerAnswerValidHours ?? null,
            schedule:
              cartSettings &&
              'systemMessages' in cartSettings &&
              cartSettings.systemMessages.offerClearingSchedule.display
                ? cartSettings.systemMessages.offerClearingSchedule.defaultMessage
                : null,
          }
        : null,
      report,
      view,
      user: {
        isPxns: user.isPxns,
        authorities: user.authorities,
        salesRepWhatsApp: user.salesRepWhatsApp,
        stockListLayout: user.stockListLayout ?? ('cards' as const),
      },
      importDialog: wantsImport ? { failure: importFlash.failure } : null,
      stockFailure: 'unavailable' in answer ? answer.unavailable : null,
    },
    {
      // Stock list data not available is an internal error (spec 1 §8), said on the page; the status tells monitors and caches.
      status: 'unavailable' in answer ? 503 : 200,
      headers: importFlash.setCookie ? { 'Set-Cookie': importFlash.setCookie } : undefined,
    },
  );
}

/** Offer and alert call failures are only logged (spec 1 §8): the list shows without them. */
async function quietly<T extends object>(
  context: LoaderFunctionArgs['context'],
  what: string,
  call: () => Promise<T>,
): Promise<T | Record<string, never>> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, `${what} not available`);
    return {};
  }
}

export type StockLoader = typeof loader;

/** The stock call failed: an error, in the catalogue's words, and a way to try again; never 'No items found!'. */
function StockUnavailable({ failure, retryTo }: { failure: FailureParts; retryTo: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="notice notice--error stock-unavailable" role="alert">
      <p>{failureText(failure, (key, params) => (i18n.exists(key) ? t(key, params) : undefined))}</p>
      <p>
        <a href={retryTo}>{t('stock.tryAgain')}</a>
      </p>
    </div>
  );
}

export const action = ({ request, context }: ActionFunctionArgs) => stockAction(request, context);

export default function StockPage() {
  const zone = useTimeZone();
  useTexts('entry', 'offers', 'saveSearch', 'stock', 'time');
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const location = useLocation();
  if (data.empty) {
    return (
      <section className="page">
        <h1>{t('stock.title')}</h1>
        <p>{t('stock.noItems')}</p>
      </section>
    );
  }
  const { page, user } = data;
  const canBuy = buyerCanBuy(user);
  return (
    <section
      className={`page stock-page${user.salesRepWhatsApp ? ` stock-page--whatsapp-${config.whatsAppIconPosition}` : ''}`}
    >
      <header className="stock-header">
        <div>
          <h1>{t('stock.title')}</h1>
          {page ? (
            <p className="muted">
              {t('stock.lastUpdated', { date: formatDateTime(page.lastUpdateddDate, i18n.language, zone) })}
            </p>
          ) : null}
        </div>
        {user.salesRepWhatsApp ? <WhatsAppButton phone={user.salesRepWhatsApp} /> : null}
        <StockToolbar
          canBuy={canBuy}
          authorities={user.authorities}
          isPxns={user.isPxns}
          search={page ? listSearch(page.query, data.open) : ''}
          cartCount={data.cartCount}
          alertCount={data.alertCount}
          participantId={data.participantId}
        />
      </header>
      {page ? (
        <div className="stock-layout">
          <FoldToggle
            id="stock-filters-toggle"
            controls="stock-filters"
            label={t('stock.showFilters')}
            openLabel={t('stock.hideFilters')}
          />
          <StockFilters />
          <StockResults />
        </div>
      ) : data.stockFailure ? (
        <StockUnavailable failure={data.stockFailure} retryTo={`${location.pathname}${location.search}`} />
      ) : (
        <p role="status">{t('stock.noItems')}</p>
      )}
      <Suspense fallback={null}>
        {data.dialogItem && (data.view.buy || data.view.offer) ? (
          <OfferDialog
            item={data.dialogItem}
            offer={data.offers[data.dialogItem.itemNumberWarehouse] ?? null}
            terms={data.offerTerms}
            constraint={data.dialogConstraint ?? {}}
          />
        ) : null}
        {data.dialogItem && data.view.alert && !data.view.buy && !data.view.offer ? (
          <AlertDialog
            item={data.dialogItem}
            alert={data.alerts[data.dialogItem.itemNumberWarehouse] ?? null}
            defaultQuantity={data.defaultAlertQuantity}
            constraint={data.dialogConstraint ?? {}}
          />
        ) : null}
        {data.importDialog ? (
          <ImportDialog
            key={location.key}
            failure={data.importDialog.failure}
            listSearch={page ? listSearch(page.query, data.open) : ''}
          />
        ) : null}
        {data.report ? <DailyReportDialog subscribed={data.report.stockReportNotification} /> : null}
        {data.view.gradeInfo && data.grades ? <GradeDialog /> : null}
        {data.view.tutorial && config.tutorialUrl ? <TutorialDialog /> : null}
      </Suspense>
    </section>
  );
}
