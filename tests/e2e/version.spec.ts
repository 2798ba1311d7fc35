import { ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

test.describe('a newer version of the portal', () => {
  test('asks a signed-in buyer to refresh, with scripts', async ({ page, javaScriptOn }) => {
    test.skip(
      !javaScriptOn,
      'the version check is a script: without one the next page simply comes from the new build',
    );
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/dashboard', user);
    await expect(page.getByRole('alert').filter({ hasText: 'A new version' })).toHaveCount(0);
    await page.route('**/healthz', (route) => route.fulfill({ json: { status: 'ok', version: '99.0.0+newer' } }));
    const prompt = page
      .getByRole('alert')
      .filter({ hasText: 'A new version of this site is available. Refresh to use it.' });
    // The watch starts once the page is hydrated: coming back to the tab asks the server again.
    await expect(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(prompt).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.unroute('**/healthz');
    await prompt.getByRole('button', { name: 'REFRESH' }).click();
    await expect(prompt).toHaveCount(0);
  });
});
