import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Opens a page of the server's origin made of this HTML. */
async function openProbe(page: Page, name: string, body: string) {
  await page.route(`**/${name}`, (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(`/${name}`);
}

/** What a page check says of the page: its failure's message, or '' when it passes. */
const failureOf = (check: (page: Page) => Promise<void>, page: Page) =>
  check(page).then(
    () => '',
    (error: Error) => error.message,
  );

/** A page of the server's origin with one violation in itself and one in a frame of the same origin. */
const PROBE =
  '<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1><img src="/favicon.ico"><iframe src="/axe-probe-frame" title="Frame"></iframe></main></body></html>';
const FRAME =
  '<!doctype html><html lang="en"><head><title>Frame</title></head><body><main><input type="text"></main></body></html>';

test.describe('the accessibility check every journey runs', () => {
  test('finds a violation in the page and in its frame, in either mode', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    await page.route('**/axe-probe', (route) => route.fulfill({ contentType: 'text/html', body: PROBE }));
    await page.route('**/axe-probe-frame', (route) => route.fulfill({ contentType: 'text/html', body: FRAME }));
    await page.goto('/axe-probe');
    const failure = await failureOf(expectNoAxeViolations, page);
    expect(failure).toContain('image-alt');
    // With scripts the page's own frame is checked; without, the served copy's frame is not on this origin's routes.
    if (javaScriptOn) expect(failure).toContain('label');
    // axe-core stays in a document between checks (a page's own with scripts, the served copy's
    // without): a later check reads the document as it is then.
    const nameless = '<button></button>';
    if (javaScriptOn)
      await page.evaluate((html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html), nameless);
    else {
      const body = PROBE.replace(/<img[^>]*>/, nameless).replace(/<iframe.*<\/iframe>/, '');
      await page.route('**/axe-probe-2', (route) => route.fulfill({ contentType: 'text/html', body }));
      await page.goto('/axe-probe-2');
    }
    const later = await failureOf(expectNoAxeViolations, page);
    expect(later).toContain('button-name');
    if (!javaScriptOn) expect(later).not.toContain('image-alt');
  });
});

test.describe('the script check every journey runs', () => {
  test('finds an uncaught error, a reported one and a console error, not a failed request', async ({
    page,
    javaScriptOn,
    scriptErrors,
    expectNoAxeViolations,
  }) => {
    test.skip(!javaScriptOn, 'without scripts no script runs');
    // React 18 reports a hydration mismatch with reportError, as the second script does.
    const probe =
      '<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1>' +
      '<img src="/no-such-image.png" alt="A picture that is not there">' +
      "<script>throw new Error('probe thrown')</script>" +
      "<script>reportError(new Error('probe reported'))</script>" +
      "<script>console.error('probe logged')</script></main></body></html>";
    await openProbe(page, 'script-probe', probe);
    await expect.poll(() => scriptErrors.length).toBe(3);
    const failure = await failureOf(expectNoAxeViolations, page);
    expect(failure).toContain('probe thrown');
    expect(failure).toContain('probe reported');
    expect(failure).toContain('probe logged');
    expect(failure).not.toContain('no-such-image');
    // Seen: the journey's own end has nothing left to report.
    scriptErrors.length = 0;
  });
});

test.describe('the cut-text check every journey runs', () => {
  test('finds a placeholder, a chosen option and an ellipsis cut at 1366 px, not text that fits', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const probe =
      '<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1>' +
      '<label>Search <input type="search" style="width:6rem" placeholder="Search by RMA, order or IMEI"></label>' +
      '<label>Sort <select style="width:5rem"><option>Most recently updated first</option></select></label>' +
      '<p style="width:8rem;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">A description far longer than its box</p>' +
      '<label>Fits <input type="search" style="width:16rem" placeholder="A short hint"></label>' +
      '<label>Typed <input style="width:4rem" placeholder="A placeholder not shown" value="1"></label>' +
      '</main></body></html>';
    await openProbe(page, 'cut-probe', probe);
    const failure = await failureOf(expectNoAxeViolations, page);
    expect(failure).toContain('cuts text at 1366 px');
    expect(failure).toContain('placeholder \\"Search by RMA, order or IMEI\\"');
    expect(failure).toContain('option \\"Most recently updated first\\"');
    expect(failure).toContain('p \\"A description far longer than its box\\"');
    expect(failure).not.toContain('A short hint');
    expect(failure).not.toContain('A placeholder not shown');
  });
});

test.describe('the check of controls side by side every journey runs', () => {
  test('finds a field, a list or a button of one form taller or lower than the one beside it, not a row that lines up', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const row = (id: string, field: string) =>
      `<form id="${id}" style="display:flex;align-items:flex-end;gap:8px"><label>Words <input type="search" style="height:40px;${field}"></label>` +
      '<label>Sort <select style="height:40px"><option>Newest</option></select></label><button style="height:40px">Search</button></form>';
    const probe =
      '<!doctype html><html lang="en"><head><title>Probe</title><style>form * { box-sizing: border-box }</style></head><body><main><h1>Probe</h1>' +
      row('taller', 'height:44px') +
      row('lined-up', '') +
      '</main></body></html>';
    await openProbe(page, 'ragged-probe', probe);
    const failure = await failureOf(expectNoAxeViolations, page);
    expect(failure).toContain('has controls side by side that do not line up at 1366 px');
    expect(failure).toContain('input (44 px at');
    expect(failure.match(/beside/g)).toHaveLength(2);
  });
});
