import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { savedSearchesApi, type SavedSearch } from '~/.server/api/saved-searches';
import { requireBuyer } from '~/.server/auth';
import { parseButtons, parseSubmission, refuseForm } from '~/.server/conform';
import { dispatchIntent, fields, readForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { useFormReply, type FormConstraint } from '~/components/form-reply';
import { Field } from '~/components/Field';
import { PageHeader } from '~/components/PageHeader';
import { PathLink } from '~/components/PathLink';
import { titled } from '~/components/page-title';
import { formatDateTime } from '~/domain/money';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME_MAX,
  savedQueryOf,
  savedSearchName,
  savedSearchPath,
} from '~/domain/stock/saved-search';
import { useTexts } from '~/i18n/use-texts';
import { useTimeZone } from '~/components/use-date-time';

export const meta = titled('savedSearches.title');

const PAGE = '/stock/saved-searches';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  try {
    const { savedSearches } = await savedSearchesApi.list(context, token);
    return { savedSearches, failed: false, renameConstraint };
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'saved searches not available');
    return data({ savedSearches: [] as SavedSearch[], failed: true, renameConstraint }, { status: 503 });
  }
}

const schemas = {
  rename: z.object({ intent: z.literal('rename'), id: fields.id, name: fields.typed(400, 'saveSearch.nameTooLong') }),
  alerts: z.object({ intent: z.literal('alerts'), id: fields.id, alerts: z.enum(['on', 'off']) }),
  delete: z.object({ intent: z.literal('delete'), id: fields.id }),
} as const;
const renameConstraint = getZodConstraint(schemas.rename);

/** A row's rename form, as the action's reply names it. */
const renameFormId = (id: number | string) => `saved-search-${id}`;

/**
 * Rename, alerts on or off, delete: each a form naming its intent (a closed set) and the search's
 * id; the whole form is parsed by that intent's schema. Done, the list comes back with a message; a
 * refused name stays in its field with the error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  const buyer: Buyer = { context, token };
  try {
    return await dispatchIntent(form, {
      rename: (form) => rename(form, buyer),
      alerts: (form) => turnAlerts(form, buyer),
      delete: (form) => remove(form, buyer),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Another user's id, or one deleted meanwhile, is not found: nothing changed.
    context.logger.error({ err: error }, 'saved search change failed');
    return redirectWithToast(PAGE, { type: 'error', key: 'saveSearch.failed' });
  }
}

interface Buyer {
  context: ActionFunctionArgs['context'];
  token: string;
}

/** A row's RENAME: a refused name stays in its field with the error. */
async function rename(form: FormData, { context, token }: Buyer) {
  const submission = parseSubmission(form, schemas.rename);
  // The reply names the row by its id as sent (an id that is not sound names no row).
  const formId = renameFormId(String(form.get('id')));
  if (submission.status !== 'success') return refuseForm(formId, submission);
  const { id, name: typed } = submission.value;
  const refused = (error: string) => refuseForm(formId, submission, { fieldErrors: { name: [error] } });
  const checked = savedSearchName(typed);
  if ('error' in checked) return refused(checked.error);
  try {
    await savedSearchesApi.update(context, token, id, { name: checked.name });
  } catch (error) {
    if (error instanceof ApiFailure && error.messageCode === 'savedSearchNameTaken')
      return refused('saveSearch.nameTaken');
    throw error;
  }
  return redirectWithToast(PAGE, { type: 'success', key: 'savedSearches.renamed', values: { name: checked.name } });
}

/** A row's alerts switch, on or off. */
async function turnAlerts(form: FormData, { context, token }: Buyer) {
  const { id, alerts } = parseButtons(form, schemas.alerts);
  const saved = await savedSearchesApi.update(context, token, id, { alerts: alerts === 'on' });
  return redirectWithToast(PAGE, {
    type: 'success',
    key: alerts === 'on' ? 'savedSearches.alertsTurnedOn' : 'savedSearches.alertsTurnedOff',
    values: { name: saved.name },
  });
}

/** A row's DELETE, named in the message by the name it had. */
async function remove(form: FormData, { context, token }: Buyer) {
  const { id } = parseButtons(form, schemas.delete);
  const { savedSearches } = await savedSearchesApi.list(context, token);
  const saved = savedSearches.find((s) => s.id === id);
  if (!saved) return redirectWithToast(PAGE, { type: 'error', key: 'saveSearch.failed' });
  await savedSearchesApi.remove(context, token, id);
  return redirectWithToast(PAGE, { type: 'success', key: 'savedSearches.deleted', values: { name: saved.name } });
}

export default function SavedSearchesPage() {
  useTexts('saveSearch', 'savedSearches', 'stock');
  const { savedSearches, failed, renameConstraint } = useLoaderData<typeof loader>();
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
              <SavedSearchRow key={saved.id} saved={saved} constraint={renameConstraint} />
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
  const filters =
    parsed.warehouses.length +
    Object.values(parsed.filters).reduce((n, values) => n + values.length, 0) +
    (parsed.category ? 1 : 0);
  const parts = [
    parsed.q ? t('savedSearches.words', { q: parsed.q }) : null,
    filters ? t('savedSearches.filters', { count: filters }) : null,
    parsed.includeOutOfStock ? t('savedSearches.outOfStockToo') : null,
    parsed.sort ? t(`stock.sortBy.${parsed.sort}`) : null,
  ].filter(Boolean);
  return <p className="saved-search__query">{parts.length ? parts.join(' · ') : t('savedSearches.everything')}</p>;
}

/** The numbers the name's messages name. */
const NAME_ERROR_VALUES = { max: SAVED_SEARCH_NAME_MAX };

function SavedSearchRow({ saved, constraint }: { saved: SavedSearch; constraint: FormConstraint }) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const reply = useFormReply(renameFormId(saved.id));
  const [form, fields] = useForm<{ name: string }>({
    id: renameFormId(saved.id),
    lastResult: reply?.result,
    defaultValue: { name: saved.name },
    constraint,
  });
  const name = fields.name;
  return (
    <li className="saved-search">
      <div className="saved-search__head">
        <h2 className="saved-search__name">{saved.name}</h2>
        <PathLink
          className="button button--small button--primary"
          to={savedSearchPath(saved.query)}
          aria-label={t('savedSearches.openNamed', { name: saved.name })}
        >
          {t('savedSearches.open')}
        </PathLink>
      </div>
      <QuerySummary query={saved.query} />
      <p className="muted">
        {t('savedSearches.created', { date: formatDateTime(saved.createdAt, i18n.language, zone) })}
      </p>
      <div className="saved-search__actions">
        <Form method="post" className="saved-search__alerts">
          <input type="hidden" name="intent" value="alerts" />
          <input type="hidden" name="id" value={saved.id} />
          <input type="hidden" name="alerts" value={saved.alerts ? 'off' : 'on'} />
          <span className={saved.alerts ? 'saved-search__state saved-search__state--on' : 'saved-search__state'}>
            {saved.alerts ? t('savedSearches.alertsOn') : t('savedSearches.alertsOff')}
          </span>
          <button type="submit" className="button button--small button--secondary" disabled={busy}>
            {saved.alerts ? t('savedSearches.turnAlertsOff') : t('savedSearches.turnAlertsOn')}
          </button>
        </Form>
        {/* Renamed, the row's form starts closed again; a refused name keeps what was typed. */}
        <details key={saved.name} className="saved-search__rename" open={reply ? true : undefined}>
          <summary className="button button--small button--secondary">{t('savedSearches.rename')}</summary>
          <Form method="post" {...getFormProps(form)} className="saved-search__rename-form">
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={saved.id} />
            <Field
              field={name}
              label={t('savedSearches.renameNamed', { name: saved.name })}
              type="text"
              autoComplete="off"
              // Conform keeps a reply's errors in its state; once another change went through (no reply), they are past.
              errors={reply ? name.errors : []}
              words={(key) => t(key, NAME_ERROR_VALUES)}
            />
            <button type="submit" className="button button--small button--primary" disabled={busy}>
              {t('saveSearch.save')}
            </button>
          </Form>
        </details>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={saved.id} />
          <button
            type="submit"
            className="button button--small button--secondary"
            disabled={busy}
            aria-label={t('savedSearches.deleteNamed', { name: saved.name })}
          >
            {t('savedSearches.delete')}
          </button>
        </Form>
      </div>
    </li>
  );
}
