import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { savedSearchesApi, type SavedSearch } from '~/.server/api/saved-searches';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { fields, intentOf, parseForm, readForm } from '~/.server/forms';
import { json } from '~/.server/json';
import { redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { PathLink } from '~/components/PathLink';
import { titled } from '~/components/page-title';
import { formatDateTime } from '~/domain/money';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_NAME_MAX, savedQueryOf, savedSearchName, savedSearchPath } from '~/domain/stock/saved-search';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('savedSearches.title');

const PAGE = '/stock/saved-searches';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  try {
    const { savedSearches } = await savedSearchesApi.list(context, token);
    return json({ savedSearches, failed: false });
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    context.logger.error({ err: error }, 'saved searches not available');
    return json({ savedSearches: [] as SavedSearch[], failed: true }, { status: 503 });
  }
}

const INTENTS = ['rename', 'alerts', 'delete'] as const;
const forms = {
  rename: z.object({ intent: z.literal('rename'), id: fields.id, name: fields.typed(400) }),
  alerts: z.object({ intent: z.literal('alerts'), id: fields.id, alerts: z.enum(['on', 'off']) }),
  delete: z.object({ intent: z.literal('delete'), id: fields.id }),
} as const;

/** A refused rename: shown next to that search's name field, with what was typed. */
export interface RenameResult {
  id: number;
  name: string;
  error: string;
  values?: Record<string, number>;
}

/**
 * Rename, alerts on or off, delete: each a form naming its intent (a closed set) and the search's
 * id; the whole form is parsed by that intent's schema. Done, the list comes back with a message; a
 * refused name stays in its field with the error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  const intent = intentOf(form, INTENTS);
  try {
    switch (intent) {
      case 'rename': {
        const { id, name: typed } = parseForm(form, forms.rename);
        const checked = savedSearchName(typed);
        if ('error' in checked) return json<RenameResult>({ id, name: typed, error: checked.error, values: { max: SAVED_SEARCH_NAME_MAX } }, { status: 400 });
        try {
          await savedSearchesApi.update(context, token, id, { name: checked.name });
        } catch (error) {
          if (error instanceof ApiFailure && error.messageCode === 'savedSearchNameTaken') return json<RenameResult>({ id, name: typed, error: 'saveSearch.nameTaken' }, { status: 400 });
          throw error;
        }
        return redirectWithToast(PAGE, { type: 'success', key: 'savedSearches.renamed', values: { name: checked.name } });
      }
      case 'alerts': {
        const { id, alerts } = parseForm(form, forms.alerts);
        const saved = await savedSearchesApi.update(context, token, id, { alerts: alerts === 'on' });
        return redirectWithToast(PAGE, { type: 'success', key: alerts === 'on' ? 'savedSearches.alertsTurnedOn' : 'savedSearches.alertsTurnedOff', values: { name: saved.name } });
      }
      case 'delete': {
        const { id } = parseForm(form, forms.delete);
        const { savedSearches } = await savedSearchesApi.list(context, token);
        const saved = savedSearches.find((s) => s.id === id);
        if (!saved) return redirectWithToast(PAGE, { type: 'error', key: 'saveSearch.failed' });
        await savedSearchesApi.remove(context, token, id);
        return redirectWithToast(PAGE, { type: 'success', key: 'savedSearches.deleted', values: { name: saved.name } });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (endsSession(error)) return signOutOnForbidden(request, error);
    // Another user's id, or one deleted meanwhile, is not found: nothing changed.
    context.logger.error({ err: error }, 'saved search change failed');
    return redirectWithToast(PAGE, { type: 'error', key: 'saveSearch.failed' });
  }
}

export default function SavedSearchesPage() {
  useTexts('saveSearch', 'savedSearches', 'stock');
  const { savedSearches, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page saved-searches-page">
      <PageHeader backTo="/stock" backLabel={t('savedSearches.back')} title={t('savedSearches.title')} />
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t('savedSearches.unavailable')}
        </p>
      ) : savedSearches.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('savedSearches.emptyTitle')}</p>
          <p>{t('savedSearches.emptyText')}</p>
        </div>
      ) : (
        <>
          <p className="muted">{t('savedSearches.count', { count: savedSearches.length, max: MAX_SAVED_SEARCHES })}</p>
          <ul className="saved-searches" aria-label={t('savedSearches.listLabel')}>
            {savedSearches.map((saved) => (
              <SavedSearchRow key={saved.id} saved={saved} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** What a saved query holds, in words: the search, how many filters, out of stock, the sort. */
function QuerySummary({ query }: { query: string }) {
  const { t } = useTranslation();
  const parsed = savedQueryOf(query);
  const filters = parsed.warehouses.length + Object.values(parsed.filters).reduce((n, values) => n + values.length, 0) + (parsed.category ? 1 : 0);
  const parts = [
    parsed.q ? t('savedSearches.words', { q: parsed.q }) : null,
    filters ? t('savedSearches.filters', { count: filters }) : null,
    parsed.includeOutOfStock ? t('savedSearches.outOfStockToo') : null,
    parsed.sort ? t(`stock.sortBy.${parsed.sort}`) : null,
  ].filter(Boolean);
  return <p className="saved-search__query">{parts.length ? parts.join(' · ') : t('savedSearches.everything')}</p>;
}

function SavedSearchRow({ saved }: { saved: SavedSearch }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const data = useActionData<RenameResult>();
  const refused = data && data.id === saved.id ? data : undefined;
  const nameId = `saved-search-${saved.id}-name`;
  return (
    <li className="saved-search">
      <div className="saved-search__head">
        <h2 className="saved-search__name">{saved.name}</h2>
        <PathLink className="button button--small button--primary" to={savedSearchPath(saved.query)} aria-label={t('savedSearches.openNamed', { name: saved.name })}>
          {t('savedSearches.open')}
        </PathLink>
      </div>
      <QuerySummary query={saved.query} />
      <p className="muted">{t('savedSearches.created', { date: formatDateTime(saved.createdAt, i18n.language) })}</p>
      <div className="saved-search__actions">
        <Form method="post" className="saved-search__alerts">
          <input type="hidden" name="intent" value="alerts" />
          <input type="hidden" name="id" value={saved.id} />
          <input type="hidden" name="alerts" value={saved.alerts ? 'off' : 'on'} />
          <span className={saved.alerts ? 'saved-search__state saved-search__state--on' : 'saved-search__state'}>{saved.alerts ? t('savedSearches.alertsOn') : t('savedSearches.alertsOff')}</span>
          <button type="submit" className="button button--small button--secondary" disabled={busy}>
            {saved.alerts ? t('savedSearches.turnAlertsOff') : t('savedSearches.turnAlertsOn')}
          </button>
        </Form>
        {/* Renamed, the row's form starts closed again; a refused name keeps what was typed. */}
        <details key={saved.name} className="saved-search__rename" open={refused ? true : undefined}>
          <summary className="button button--small button--secondary">{t('savedSearches.rename')}</summary>
          <Form method="post" className="saved-search__rename-form">
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={saved.id} />
            <div className="field">
              <label htmlFor={nameId}>{t('savedSearches.renameNamed', { name: saved.name })}</label>
              <input
                id={nameId}
                name="name"
                type="text"
                autoComplete="off"
                defaultValue={refused?.name ?? saved.name}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? `${nameId}-error` : undefined}
              />
              {refused ? (
                <p id={`${nameId}-error`} className="field__error" role="alert">
                  {t(refused.error, refused.values)}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--small button--primary" disabled={busy}>
              {t('saveSearch.save')}
            </button>
          </Form>
        </details>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={saved.id} />
          <button type="submit" className="button button--small button--secondary" disabled={busy} aria-label={t('savedSearches.deleteNamed', { name: saved.name })}>
            {t('savedSearches.delete')}
          </button>
        </Form>
      </div>
    </li>
  );
}
