import { admin, ALL_AUTHORITIES, createUser, expect, expectErrorSummary, signIn, test } from './support/fixtures';

test.describe('sign-in', () => {
  test('a buyer signs in, lands on the stock list and signs out', async ({ page, expectNoAxeViolations }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES, firstName: 'Alex', lastName: 'Morgan' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in to ACME Buyer Portal' })).toBeVisible();
    // The tenant's own logo, named for the tenant, and its favicon (not the generic portal's).
    await expect(page.getByRole('img', { name: 'ACME Wholesale Devices' })).toHaveAttribute(
      'src',
      '/tenants/acme/logo.svg',
    );
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/tenants/acme/favicon.svg');
    await expect(page.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/reset-password');
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      'https://example.com/acme/apply',
    );
    await expect(page.getByText('Welcome to the ACME wholesale marketplace')).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/stock$/);
    await expect(page.getByRole('heading', { name: 'Stock List' })).toBeVisible();
    await expect(page).toHaveTitle('ACME Buyer Portal - Stock');
    await expectNoAxeViolations(page);

    // The operator takes buying away while the buyer is signed in: the next page follows at once and says why the buttons are gone.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Cart and Offers' })).toBeVisible();
    await admin('POST', '/users/authorities', {
      email: user.email,
      authorities: ALL_AUTHORITIES.filter((a) => a !== 'CAN_BUY_ONLINE'),
    });
    await page.reload();
    await expect(page.getByTestId('revoked-notice')).toContainText(
      'Your account can no longer buy online, so ADD TO CART, offers and the cart are gone.',
    );
    await expect(menu.getByRole('link', { name: 'Cart and Offers' })).toHaveCount(0);
    await expect(page.locator('a[href*="buy="]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByLabel('Account menu for Alex Morgan').click();
    await page.getByText('Logout', { exact: true }).click();
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('You logged out successfully!')).toBeVisible();
    await page.goto('/stock');
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fstock$/);
  });

  test('empty fields and a bad e-mail get the spec messages next to the fields, and an error summary; an unknown user an alert; a forged form the refusal page in the tenant’s colours', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expectErrorSummary(page, ['Username cannot be empty', 'Password cannot be empty']);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password cannot be empty');
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email');
    // A wrong password reads the same (tests/security/sign-in-and-authorities.test.ts); here its alert is checked on the page.
    await signIn(page, 'nobody-here@example.com', 'Whatever#1');
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A post no page sends is refused on a page of the site, its theme kept (with scripts the page is
    // replaced in the browser, where a new inline <style> would be refused by the CSP).
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    const themed = await primary();
    expect(themed).not.toBe('');
    // A second intent: the page's own inputs are React's, which puts their values back when it renders.
    await page
      .locator('form#sign-in')
      .evaluate((form) => form.insertAdjacentHTML('beforeend', '<input type="hidden" name="intent" value="forged">'));
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing was changed.' })).toBeVisible();
    expect(await primary()).toBe(themed);
    await expectNoAxeViolations(page);
  });

  test('a user who is not a buyer is sent to their own website', async ({ page }) => {
    const staff = await createUser({ isBuyer: false });
    await page.goto('/');
    await signIn(page, staff.email, staff.password);
    await expect(
      page.getByText('You have logged into wrong website. Kindly login into https://example.com/acme'),
    ).toBeVisible();
    // The stored message of spec 3 §2.7: its Tenant Website is a link, and it shows once.
    await expect(page.getByRole('alert').getByRole('link', { name: 'https://example.com/acme' })).toHaveAttribute(
      'href',
      'https://example.com/acme',
    );
    await page.reload();
    await expect(page.getByText(/You have logged into wrong website/)).toHaveCount(0);
    await page.goto('/stock');
    await expect(page).toHaveURL(/redirectTo/);
  });

  test('a signed-out visit is remembered and resumed after sign-in', async ({ page }) => {
    const user = await createUser();
    await page.goto('/returns?tab=1');
    await expect(page).toHaveURL(/\/\?redirectTo=%2Freturns%3Ftab%3D1$/);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/returns\?tab=1$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/stock$/);
  });
});
