// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { parseCartQuery } from '~/domain/cart/query';
import { CartTabs } from './CartTabs';

afterEach(cleanup);

describe('the cart tabs', () => {
  it('write their counts as the language writes numbers, capped', async () => {
    const query = parseCartQuery(new URLSearchParams());
    await renderRoute({
      url: '/cart',
      path: '/cart',
      Component: () => <CartTabs counts={[1_234, 0, 1_000_000]} query={query} sellerShortName="ACME" />,
    });
    const navigation = await screen.findByRole('navigation');
    const badges = [...navigation.querySelectorAll('.count-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['1,234', '0', '999,999+']);
  });
});
