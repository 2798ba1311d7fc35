// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { AddressLines } from './SelectionRows';

afterEach(cleanup);

it('shows an address with its label, as its country writes it, the country named in the page’s language', async () => {
  const address = {
    id: 1,
    label: 'Main warehouse',
    name: 'Morgan Mobile Traders',
    contact: 'Camille Martin',
    address1: '12 rue de la République',
    address2: '',
    city: 'Lyon',
    state: '',
    zip: '69002',
    country: 'FR',
    instructions: '',
  };
  await renderRoute({ url: '/preferences', path: '/preferences', Component: () => <AddressLines address={address} /> });
  const lines = [...(await screen.findByText('Main warehouse')).parentElement!.children].map(
    (line) => line.textContent,
  );
  expect(lines).toEqual([
    'Main warehouse',
    'Morgan Mobile Traders',
    'Camille Martin',
    '12 rue de la République',
    '69002 Lyon',
    'France',
  ]);
});
