import { createUser, expect, expectErrorSummary, readResetCode, signIn, test } from './support/fixtures';

const NEW_PASSWORD = 'Fresh#Pass42';

test.describe('passwords', () => {
  test('first sign-in forces a new password, with its rules', async ({ page, javaScriptOn, expectNoAxeViolations }) => {
    const user = await createUser({ mustChangePassword: true, password: 'Temp#2026' });
    await page.goto('/');
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByText('Password must contain')).toBeVisible();
    await expectNoAxeViolations(page);

    const change = page.getByRole('button', { name: 'CHANGE' });
    await page.getByLabel('New Password').fill('weakpass');
    if (javaScriptOn) {
      await expect(change).toBeDisabled();
      await expect(page.locator('.rule--met')).toHaveCount(2);
    } else {
      await change.click();
      await expectErrorSummary(page, ['The password does not meet all the rules below.']);
    }
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'CHANGE' }).click();
    await expect(page).toHaveURL(/\/stock$/);

    await page.context().clearCookies();
    await page.goto('/');
    await signIn(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/stock$/);
  });

  test('reset a forgotten password in two steps with the e-mailed code', async ({ page, expectNoAxeViolations }) => {
    const user = await createUser();
    await page.goto('/');
    await page.getByRole('link', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'SEND CODE' }).click();
    await expect(page.getByLabel('Verification Code')).toBeVisible();

    await page.getByLabel('Verification Code').fill('000000');
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    // The identity service's refusal, as the error summary's sentence.
    await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
    await expect(page.getByRole('alert', { name: 'There is a problem' })).toContainText(
      'Invalid verification code provided, please try again.',
    );

    const code = await readResetCode(user.email);
    await page.getByLabel('Verification Code').fill(code);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your New password is set successfully')).toBeVisible();

    await signIn(page, user.email, user.password);
    await expect(page.getByText('Incorrect username or password')).toBeVisible();
    await signIn(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/stock$/);
  });

  test('reset in one step from the e-mail link', async ({ page, expectNoAxeViolations }) => {
    const user = await createUser();
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'SEND CODE' }).click();
    await expect(page.getByLabel('Verification Code')).toBeVisible();
    const code = await readResetCode(user.email);

    await page.goto('/reset-password?resetPswdFromEmail=true');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Verification Code').fill('abc');
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expectErrorSummary(page, ['The verification code must be a number']);
    await expectNoAxeViolations(page);

    await page.getByLabel('Verification Code').fill(code);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    // The admin reset-password success message, on the sign-in page itself and once (spec 3 §2.7).
    await expect(page.getByTestId('login-stored-message')).toHaveText(
      'Your New password is set successfully. Please sign in with your new password.',
    );
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByTestId('login-stored-message')).toHaveCount(0);
  });

  test('a weak new password on reset is refused', async ({ page, javaScriptOn }) => {
    await page.goto('/reset-password?resetPswdFromEmail=true');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Verification Code').fill('123456');
    await page.getByLabel('New Password').fill('short');
    const submit = page.getByRole('button', { name: 'SUBMIT' });
    if (javaScriptOn) {
      await expect(submit).toBeDisabled();
    } else {
      await submit.click();
      await expectErrorSummary(page, ['The password does not meet all the rules below.']);
    }
  });
});
