import { useTranslation } from '~/i18n/light-react-i18next';

/** Screens of the route table whose content the specs leave open. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t(titleKey)}</h1>
      <p className="muted">{t('placeholder.text')}</p>
    </section>
  );
}
