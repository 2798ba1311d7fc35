import { useId } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { pickUpAddressLines, type PickUpLocation } from '~/domain/pick-up';

/**
 * Where and when a buyer collects an order picked up at its warehouse (issue 51): the warehouse, its
 * address (the country in the page's language) and opening hours. Shown in place of any promise to ship.
 */
export function PickUpLocationBlock({ location, level = 2 }: { location: PickUpLocation; level?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="pick-up stack" aria-labelledby={headingId} data-testid="pick-up">
      <Heading id={headingId}>{t('confirmation.pickUp.heading', { warehouse: location.warehouse })}</Heading>
      <address>
        {pickUpAddressLines(location, i18n.language).map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
      {location.openingHours ? <p>{t('confirmation.pickUp.openingHours', { hours: location.openingHours })}</p> : null}
    </section>
  );
}
