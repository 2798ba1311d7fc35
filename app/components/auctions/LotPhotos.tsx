import { useSearchParams } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { PathLink } from '~/components/PathLink';
import { RouteDialog } from '~/components/RouteDialog';

/**
 * The seller's photos of a lot (issue 53): thumbnails, each a link to the same page with that photo
 * larger in a dialog addressed by the URL (`?photo=ID`), so the larger view works without scripts.
 */
export function LotPhotos({ lotId, title, photos }: { lotId: number; title: string; photos: number[] }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (!photos.length) return null;
  const src = (id: number) => `/auctions/${lotId}/photos/${id}`;
  const at = (i: number) => `?photo=${photos[(i + photos.length) % photos.length]}`;
  const shown = photos.indexOf(Number(search.get('photo')));
  const count = photos.length;
  return (
    <section className="lot-photos" aria-labelledby="lot-photos-title">
      <h2 id="lot-photos-title">{t('auctions.photos')}</h2>
      <ul className="lot-photos__thumbnails">
        {photos.map((id, i) => (
          <li key={id}>
            <PathLink to={at(i)} preventScrollReset aria-current={i === shown ? 'true' : undefined}>
              <img
                src={src(id)}
                alt={t('auctions.photos.thumbnail', { n: i + 1, count, title })}
                width={96}
                height={96}
                loading="lazy"
              />
            </PathLink>
          </li>
        ))}
      </ul>
      {shown >= 0 ? (
        <RouteDialog
          title={t('auctions.photos.alt', { n: shown + 1, count, title })}
          closeTo={`/auctions/${lotId}`}
          width="wide"
        >
          <img
            className="lot-photos__large"
            src={src(photos[shown]!)}
            alt={t('auctions.photos.alt', { n: shown + 1, count, title })}
            data-photo-large=""
          />
          {count > 1 ? (
            <p className="lot-photos__steps">
              <PathLink to={at(shown - 1)} preventScrollReset>
                {t('auctions.photos.previous')}
              </PathLink>
              <PathLink to={at(shown + 1)} preventScrollReset>
                {t('auctions.photos.next')}
              </PathLink>
            </p>
          ) : null}
        </RouteDialog>
      ) : null}
    </section>
  );
}
