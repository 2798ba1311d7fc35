// @vitest-environment jsdom
import { Link, useLocation } from '@remix-run/react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { PathLink } from './PathLink';

afterEach(cleanup);

function Page() {
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{`${location.pathname}${location.search}`}</p>
      <p data-testid="state">{JSON.stringify(location.state ?? null)}</p>
      <PathLink to="/stock?page=2" preventScrollReset>
        Page 2
      </PathLink>
      <PathLink to="?buy=A-1" className="button">
        Buy
      </PathLink>
      <PathLink to="/stock?page=3" state={{ participantId: 'acme' }}>
        Page 3
      </PathLink>
      <PathLink to="/stock?page=4" target="_blank">
        Page 4
      </PathLink>
      <Link to="?buy=A-1">Remix link</Link>
    </>
  );
}

const at = () => screen.getByTestId('at').textContent;

async function show(url: string) {
  await renderRoute({ url, path: '/stock', Component: Page });
  await screen.findByRole('link', { name: 'Page 2' });
}

describe('a path link', () => {
  it('points where Remix’s Link points, a query on the page shown included', async () => {
    await show('/stock?page=1');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/stock?page=2');
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      screen.getByRole('link', { name: 'Remix link' }).getAttribute('href'),
    );
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe('/stock?buy=A-1');
    expect(screen.getByRole('link', { name: 'Buy' }).className).toBe('button');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('data-discover')).toBe('true');
  });

  it('navigates in the app on a plain click, with the state it carries', async () => {
    const user = userEvent.setup();
    await show('/stock?page=1');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(at()).toBe('/stock?page=2');
    await user.click(screen.getByRole('link', { name: 'Buy' }));
    expect(at()).toBe('/stock?buy=A-1');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(at()).toBe('/stock?page=3');
    expect(screen.getByTestId('state').textContent).toBe('{"participantId":"acme"}');
  });

  it('leaves a modified click, another button or another window to the browser', async () => {
    await show('/stock?page=1');
    const link = screen.getByRole('link', { name: 'Page 2' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(fireEvent.click(link, init)).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'Page 4' }))).toBe(true);
    expect(at()).toBe('/stock?page=1');
    expect(fireEvent.click(link)).toBe(false);
  });
});
