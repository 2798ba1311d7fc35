import { useSearchParams } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { PathLink } from '~/components/PathLink';

/**
 * The seller's photos of a lot (issue 53): thumbnails, each a link to the same page with that photo
 * shown large above them (`?photo=ID`), so the larger view is a plain link without scripts too.
 */
export function LotPhotos({ lotId, title, photos }: { lotId: number; title: string; photos: number[] }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (!photos.length) return null;
  const src = (id: number) => `/auctions/${lotId}/photos/${id}`;
  const shown = photos.indexOf(Number(search.get('photo')));
  const count = photos.length;
  return (
    <section id="lot-photos" className="lot-photos" aria-labelledby="lot-photos-title">
      <h2 id="lot-photos-title">{t('auctions.photos')}</h2>
      {shown >= 0 ? (
        <figure className="lot-photos__large" data-photo-large="">
          <img src={src(photos[shown]!)} alt={t('auctions.photos.alt', { n: shown + 1, count, title })} />
          <figcaption>
            <PathLink to={`/auctions/${lotId}#lot-photos`} preventScrollReset>
              {t('auctions.photos.close')}
            </PathLink>
          </figcaption>
        </figure>
      ) : null}
      <ul className="lot-photos__thumbnails">
        {photos.map((id, i) => (
          <li key={id}>
            <PathLink to={`?photo=${id}#lot-photos`} preventScrollReset aria-current={i === shown ? 'true' : undefined}>
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
    </section>
  );
}
