import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ApiFailure } from '~/.server/api/client';
import { offerImportApi, type ImportReview } from '~/.server/api/offer-import';
import { requireBuyer } from '~/.server/auth';
import { titled } from '~/components/page-title';
import { BackLink, PageHeader } from '~/components/PageHeader';
import { useMoney } from '~/components/use-money-format';
import { formatDateTime } from '~/domain/money';
import { canBuy } from '~/domain/permissions';
import { importAction } from './actions.server';
import { useTexts } from '~/i18n/use-texts';
import { useTimeZone } from '~/components/use-date-time';
import { useCounts } from '~/components/use-counts';

export const meta = titled('pageTitle.importReview');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  if (!canBuy(user)) throw redirect('/stock');
  const all = new URL(request.url).searchParams.get('all') === '1';
  try {
    return { review: shownPart(await offerImportApi.review(context, token), all ? Infinity : SECTION_ROWS), all };
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return { review: null };
    throw error;
  }
}

/** Rows each section shows until the buyer asks for all: a review of thousands of rows stays a light page. */
const SECTION_ROWS = 500;

/** The review with each section cut to `limit` rows (the counts, the warnings and the submit keep the whole import). */
function shownPart(review: ImportReview, limit: number): ImportReview {
  if (!Number.isFinite(limit)) return review;
  let left = limit;
  const validOffersMap: ImportReview['validOffersMap'] = {};
  for (const [group, entries] of Object.entries(review.validOffersMap)) {
    if (left <= 0) break;
    validOffersMap[group] = entries.slice(0, left);
    left -= validOffersMap[group].length;
  }
  return {
    ...review,
    invalidOffers: review.invalidOffers.slice(0, limit),
    conflictOffers: review.conflictOffers.slice(0, limit),
    validOffersMap,
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => importAction(request, context);

type Entry = ImportReview['validOffersMap'][string][number];
type Conflict = ImportReview['conflictOffers'][number];

export default function ImportReviewPage() {
  useTexts('import', 'importErrors', 'offers', 'stock');
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!('review' in data) || !data.review) {
    return (
      <section className="page">
        <PageHeader backTo="/stock" backLabel={t('import.back')} title={t('import.reviewTitle')} />
        <div className="empty-state">
          <p>{t('import.nothingToReview')}</p>
          <Link className="button button--primary" to="/stock?dialog=import">
            {t('stock.import')}
          </Link>
        </div>
      </section>
    );
  }
  return <Review review={data.review} all={data.all} />;
}

function Review({ review, all }: { review: ImportReview; all: boolean }) {
  const { t, i18n } = useTranslation();
  const { number } = useCounts();
  const zone = useTimeZone();
  const busy = useNavigation().state !== 'idle';
  const money = useMoney();
  const groups = Object.entries(review.validOffersMap);
  const toSubmit = review.counts.valid + review.counts.conflicts;
  const comments = (entry: Entry) => entry.comments.map((c) => t(`import.comment.${c}`)).join(' ');
  const shownValid = Object.values(review.validOffersMap).reduce((sum, entries) => sum + entries.length, 0);
  const cut =
    !all &&
    (review.invalidOffers.length < review.counts.invalid ||
      review.conflictOffers.length < review.counts.conflicts ||
      shownValid < review.counts.valid);
  return (
    <section className="page import-review">
      <BackLink to="/stock" label={t('import.back')} />
      <header className="import-review__bar">
        <div>
          <h1>{t('import.reviewTitle')}</h1>
          <p className="muted">
            {review.source === 'text' ? (
              <>
                {t('import.textLine', { date: formatDateTime(review.expiresAt, i18n.language, zone) })}{' '}
                <Link to="/stock/quick-order">{t('import.editLines')}</Link>
              </>
            ) : (
              t('import.fileLine', {
                fileName: review.fileName,
                date: formatDateTime(review.expiresAt, i18n.language, zone),
              })
            )}
          </p>
        </div>
        <div className="import-review__actions">
          <Form method="post">
            <input type="hidden" name="intent" value="import-cancel" />
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('import.cancel')}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="import-submit" />
            <input type="hidden" name="batchId" value={review.batchId} />
            <input type="hidden" name="expected" value={toSubmit} />
            <button type="submit" className="button button--primary" disabled={busy || toSubmit === 0}>
              {t('import.submit')}
            </button>
          </Form>
        </div>
      </header>
      <nav className="import-review__sections" aria-label={t('import.sections')}>
        <ul>
          <li>
            <a href="#invalid">{t('import.section.invalid', { count: review.counts.invalid })}</a>
          </li>
          <li>
            <a href="#updates">{t('import.section.updates', { count: review.counts.conflicts })}</a>
          </li>
          <li>
            <a href="#new">{t('import.section.new', { count: review.counts.valid })}</a>
          </li>
        </ul>
      </nav>
      {review.counts.invalid > 0 ? (
        <p className="notice notice--warning" role="status">
          {t('import.warning.invalid', { count: review.counts.invalid })}
        </p>
      ) : null}
      {review.counts.conflicts > 0 ? (
        <p className="notice notice--warning" role="status">
          {t('import.warning.updates', { count: review.counts.conflicts })}
        </p>
      ) : null}
      {cut ? (
        <p>
          {t('import.partShown', { count: SECTION_ROWS })}{' '}
          <Link to="?all=1" preventScrollReset>
            {t('import.showAll', { count: review.counts.invalid + review.counts.conflicts + review.counts.valid })}
          </Link>
        </p>
      ) : null}

      <section id="invalid" className="import-section" aria-labelledby="invalid-title">
        <h2 id="invalid-title">{t('import.invalidTitle')}</h2>
        {review.invalidOffers.length === 0 ? (
          <p className="muted">{t('import.none')}</p>
        ) : (
          <div className="table-scroll">
            <table className="import-table stacked-table">
              <thead>
                <tr>
                  <th scope="col">{t('import.column.line')}</th>
                  <th scope="col">{t('import.column.itemNumber')}</th>
                  <th scope="col">{t('import.column.warehouse')}</th>
                  <th scope="col">{t('import.column.description')}</th>
                  <th scope="col">{t('import.column.quantity')}</th>
                  <th scope="col">{t('import.column.price')}</th>
                  <th scope="col">{t('import.column.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {review.invalidOffers.map((row) => (
                  <tr key={row.line}>
                    <td data-label={t('import.column.line')}>{row.line}</td>
                    <td data-label={t('import.column.itemNumber')}>{row.itemNumber}</td>
                    <td data-label={t('import.column.warehouse')}>{row.warehouse}</td>
                    <td data-label={t('import.column.description')}>{row.description}</td>
                    <td data-label={t('import.column.quantity')}>{row.offerQuantity}</td>
                    <td data-label={t('import.column.price')}>{row.offerPrice}</td>
                    <td data-label={t('import.column.reason')} className="stacked-table__wide">
                      {t(`import.reason.${row.reason}`, row.reasonParams)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section id="updates" className="import-section" aria-labelledby="updates-title">
        <h2 id="updates-title">{t('import.updatesTitle')}</h2>
        {review.conflictOffers.length === 0 ? (
          <p className="muted">{t('import.none')}</p>
        ) : (
          <EntriesForm>
            <table className="import-table stacked-table">
              <thead>
                <tr>
                  <th scope="col">{t('import.column.item')}</th>
                  <th scope="col">{t('import.column.warehouse')}</th>
                  <th scope="col">{t('import.column.inCart')}</th>
                  <th scope="col">{t('import.column.newValues')}</th>
                  <th scope="col">{t('import.column.comments')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('import.column.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {review.conflictOffers.map((row: Conflict) => (
                  <tr key={row.itemNumberWarehouse}>
                    <th scope="row">
                      {row.description}
                      <br />
                      <span className="muted">{row.itemNumber}</span>
                    </th>
                    <td data-label={t('import.column.warehouse')}>{row.warehouse}</td>
                    <td data-label={t('import.column.inCart')}>
                      {t('text.labelled', { label: t(`offers.status.${row.existing.offerStatus}`) })}{' '}
                      {t('import.quantityAtPrice', {
                        quantity: row.existing.offerQuantity,
                        price: money(row.existing.offerPrice),
                      })}
                    </td>
                    <td data-label={t('import.column.newValues')}>
                      {t('import.quantityAtPrice', { quantity: row.offerQuantity, price: money(row.offerPrice) })}
                    </td>
                    <td data-label={t('import.column.comments')} className="stacked-table__wide">
                      {comments(row)}
                    </td>
                    <td>
                      <DeleteButton entry={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </EntriesForm>
        )}
      </section>

      <section id="new" className="import-section" aria-labelledby="new-title">
        <h2 id="new-title">{t('import.newTitle')}</h2>
        {groups.length === 0 ? (
          <p className="muted">{t('import.none')}</p>
        ) : (
          <EntriesForm>
            {groups.map(([group, entries]) => (
              <div key={group} className="import-group">
                <h3>{group}</h3>
                <table className="import-table stacked-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('import.column.item')}</th>
                      <th scope="col">{t('import.column.warehouse')}</th>
                      <th scope="col">{t('import.column.available')}</th>
                      <th scope="col">{t('import.column.listPrice')}</th>
                      <th scope="col">{t('import.column.quantity')}</th>
                      <th scope="col">{t('import.column.price')}</th>
                      <th scope="col">{t('import.column.comments')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('import.column.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((row) => (
                      <tr key={row.itemNumberWarehouse}>
                        <th scope="row">
                          {row.groupItemName}
                          <br />
                          <span className="muted">{row.itemNumber}</span>
                        </th>
                        <td data-label={t('import.column.warehouse')}>{row.warehouse}</td>
                        <td data-label={t('import.column.available')}>{number(row.availableQuantity)}</td>
                        <td data-label={t('import.column.listPrice')}>{money(row.listPrice)}</td>
                        <td data-label={t('import.column.quantity')}>{number(row.offerQuantity)}</td>
                        <td data-label={t('import.column.price')}>{money(row.offerPrice)}</td>
                        <td data-label={t('import.column.comments')} className="stacked-table__wide">
                          {comments(row)}
                        </td>
                        <td>
                          <DeleteButton entry={row} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </EntriesForm>
        )}
      </section>
    </section>
  );
}

/** One form around a section's rows: each delete button names its entry. */
function EntriesForm({ children }: { children: React.ReactNode }) {
  return (
    <Form method="post" preventScrollReset className="table-scroll">
      <input type="hidden" name="intent" value="import-delete" />
      {children}
    </Form>
  );
}

function DeleteButton({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <button
      type="submit"
      name="itemNumberWarehouse"
      value={entry.itemNumberWarehouse}
      className="button button--link"
      disabled={busy}
      aria-label={t('import.delete', { item: entry.description })}
    >
      {t('import.deleteShort')}
    </button>
  );
}
