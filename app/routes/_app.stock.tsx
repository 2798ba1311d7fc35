import { useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { titled } from '~/components/page-title';
import type { loader as appLoader } from './_app';

export const meta = titled('Stock');

export default function Stock() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof appLoader>('routes/_app');
  return (
    <section className="page">
      <h1>{t('stock.title')}</h1>
      <p className="muted">{t('stock.comingSoon', { buyerName: data?.user.buyerName ?? '' })}</p>
    </section>
  );
}
