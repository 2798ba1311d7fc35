import { useTranslation } from '~/i18n/light-react-i18next';
import { Link } from '@remix-run/react';

export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('app.notFound')}</h1>
      <p>{t('app.notFoundText')}</p>
      <Link to="/stock">{t('app.backHome')}</Link>
    </section>
  );
}
