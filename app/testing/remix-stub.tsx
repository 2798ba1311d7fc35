import { URLSearchParams as NodeURLSearchParams } from 'node:url';
import type { ActionFunction, LoaderFunction } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createInstance, type LightI18n } from '~/i18n/light-i18next';
import { I18nextProvider } from '~/i18n/light-react-i18next';
import demoTenant from '../../config/tenants/demo.json';
import { tenantConfigSchema } from '~/domain/tenant-config';
import { en } from '~/locales/en';

// jsdom brings its own URLSearchParams, but the router posts a form with Node's Request, which
// takes only Node's: without this every <Form> submission in a test fails.
globalThis.URLSearchParams = NodeURLSearchParams as unknown as typeof URLSearchParams;

/** The demo tenant as the root loader sends it (no labels or marketplace section reach the browser). */
export function demoConfig() {
  const { labels: _labels, marketplace: _marketplace, ...config } = tenantConfigSchema.parse(demoTenant);
  return config;
}

/** The pages' i18n with the English texts, set up as entry.client.tsx sets up the browser's. */
export async function englishI18n(): Promise<LightI18n> {
  const i18n = createInstance();
  await i18n.init({ lng: 'en', resources: { en: { common: en } } });
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
 * the real root's does for the components (`config`, `locale`), inside the pages' i18n in English.
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
