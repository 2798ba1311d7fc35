import { Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useTexts } from '~/i18n/use-texts';

/** Where an order's terms are named: a line that links the tenant's terms of sale (spec 3 §2.6, §9: default /terms-of-sale). */
export function TermsOfSaleNote() {
  useTexts('termsOfSale');
  const { t } = useTranslation();
  return (
    <p className="muted terms-note">
      {t('termsOfSale.appliesCheckout')} <Link to="/terms-of-sale">{t('termsOfSale.link')}</Link>.
    </p>
  );
}
