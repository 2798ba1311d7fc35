// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import QuickOrderPage from './route';

afterEach(cleanup);

describe('the quick order pad', () => {
  it('once REVIEW is refused, reads the lines again as they are typed, so that leaving the field changes nothing', async () => {
    const user = userEvent.setup();
    await renderRoute({
      url: '/stock/quick-order',
      path: '/stock/quick-order',
      Component: QuickOrderPage,
      loader: () => ({ kept: '' }),
    });
    const lines = await screen.findByRole('textbox', { name: 'Order lines' });
    await user.click(screen.getByRole('button', { name: 'REVIEW' }));
    await screen.findByRole('alert', { name: 'There is a problem' });
    expect(lines.getAttribute('aria-invalid')).toBe('true');

    // Still in the field: the error has gone before a press on REVIEW leaves it and moves nothing under the pointer.
    await user.click(lines);
    await user.type(lines, 'A1001, LAX, 5');
    expect(document.activeElement).toBe(lines);
    expect(lines.getAttribute('aria-invalid')).toBeNull();
  });
});
