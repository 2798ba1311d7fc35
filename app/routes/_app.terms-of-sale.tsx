import { useTranslation } from 'react-i18next';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('termsOfSale.title');

export default function TermsOfSale() {
  useTexts('termsOfSale');
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('termsOfSale.title')}</h1>
    </section>
  );
}
