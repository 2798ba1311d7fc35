// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { Pager } from './Pager';

afterEach(cleanup);

const list = (page: number, pageCount: number) =>
  function ReturnsList() {
    return (
      <>
        <h1>Returns</h1>
        <Pager page={page} pageCount={pageCount} hrefOf={(n) => `/returns?page=${n}`} label="Return request pages" />
      </>
    );
  };

describe('Pager', () => {
  it('links previous, next, the first and last pages and two each side of the current one', async () => {
    await renderRoute({ url: '/returns?page=5', path: '/returns', Component: list(5, 20) });
    const nav = await screen.findByRole('navigation', { name: 'Return request pages' });
    expect(nav.textContent).toContain('Page 5 of 20');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/returns?page=4');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/returns?page=6');
    expect(screen.getAllByRole('link', { name: /^Page \d+$/ }).map((a) => a.textContent)).toEqual([
      '1',
      '3',
      '4',
      '6',
      '7',
      '20',
    ]);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('5');
  });

  it('has no previous link on the first page, no next on the last, and nothing for one page', async () => {
    await renderRoute({ url: '/returns', path: '/returns', Component: list(1, 2) });
    await screen.findByRole('navigation', { name: 'Return request pages' });
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next' })).toBeTruthy();
    cleanup();
    await renderRoute({ url: '/returns', path: '/returns', Component: list(1, 1) });
    await screen.findByRole('heading', { name: 'Returns' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
