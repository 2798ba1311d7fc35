import { URLSearchParams as NodeURLSearchParams } from 'node:url';
import type { ActionFunction, LoaderFunction } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import demoTenant from '../../config/tenants/demo.json';
import { tenantConfigSchema } from '~/domain/tenant-config';
import { i18nOptions } from '~/locales';
import { en } from '~/locales/en';

// jsdom brings its own URLSearchParams, but the router posts a form with Node's Request, which
// takes only Node's: without this every <Form> submission in a test fails.
globalThis.URLSearchParams = NodeURLSearchParams as unknown as typeof URLSearchParams;

/** The demo tenant as the root loader sends it (no labels or marketplace section reach the browser). */
export function demoConfig() {
  const { labels: _labels, marketplace: _marketplace, ...config } = tenantConfigSchema.parse(demoTenant);
  return config;
}

/** An i18next instance with the English texts, set up like entry.client.tsx sets up the browser's. */
export async function englishI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: 'en', resources: { en: { common: en } } });
  return i18n;
}

interface RouteUnderTest {
  /** The URL the test starts at, search included (dialogs are addressed by it). */
  url: string;
  /** The path of the route the component is rendered by, e.g. `/stock`. */
  path: string;
  Component: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
}

/**
 * Renders a component as a route of a Remix stub under a `root` route whose loader answers what
 * the real root's does for the components (`config`, `locale`), inside react-i18next in English.
 */
export async function renderRoute({ url, path, Component, loader, action }: RouteUnderTest) {
  const i18n = await englishI18n();
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ config: demoConfig(), locale: 'en', appVersion: 'test' }),
      Component: Outlet,
      children: [
        {
          id: 'routes/under-test',
          path: path.replace(/^\//, ''),
          Component,
          loader: loader ?? (() => null),
          action,
        },
      ],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}
