// @vitest-environment jsdom
import { lazy, startTransition, Suspense, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { createInstance } from './light-i18next';
import { I18nextProvider, useTranslation } from './light-react-i18next';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function OfferDialog() {
  const { t } = useTranslation();
  return (
    <dialog open>
      <h2>{t('offers.title')}</h2>
      <input aria-label="Price" name="price" />
    </dialog>
  );
}

/** A page as the stock list is: its texts, and a dialog whose code the browser loads on first use. */
function StockPage({ Dialog }: { Dialog: ComponentType }) {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('stock.title')}</h1>
      <p>{t('time.lastUpdated')}</p>
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    </section>
  );
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
});

it('a part of the texts arriving while an open dialog’s code still loads keeps the dialog and what was typed in it', async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { common: { 'stock.title': 'Stock List', 'offers.title': 'Offer' } } },
  });
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(
    <I18nextProvider i18n={i18n}>
      <StockPage Dialog={OfferDialog} />
    </I18nextProvider>,
  );
  // The buyer types before the scripts have run.
  const price = container.querySelector('input')!;
  price.value = '12.50';

  let loadDialog = () => {};
  const LazyOfferDialog = lazy(
    () => new Promise<{ default: ComponentType }>((resolve) => (loadDialog = () => resolve({ default: OfferDialog }))),
  );
  // The page's script holds the parts its server render used; "time" comes when a key of it is read.
  i18n.loadFrom('/i18n/en.0123456789abcdef.', ['offers', 'stock'], async () => ({
    'time.lastUpdated': 'Last updated',
  }));
  const errors: unknown[] = [];
  startTransition(() => {
    root = hydrateRoot(
      container,
      <I18nextProvider i18n={i18n}>
        <StockPage Dialog={LazyOfferDialog} />
      </I18nextProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  await settle();
  // The part has come; the dialog's code has not.
  expect(i18n.exists('time.lastUpdated')).toBe(true);
  expect(errors).toEqual([]);
  expect(container.querySelector('input')).toBe(price);

  loadDialog();
  await settle();
  expect(errors).toEqual([]);
  expect(container.querySelector('p')!.textContent).toBe('Last updated');
  expect(container.querySelector('input')).toBe(price);
  expect(price.value).toBe('12.50');
});
