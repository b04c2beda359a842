import { request as playwrightRequest, type Page } from '@playwright/test';
import { apiUrl, DEMO_PASSWORD, DEMO_USERS } from './support/demo';
import { expect, test } from './support/fixtures';
import { VirtualAuthenticator } from './support/virtual-authenticator';

/** Signs in in no other spec; the tests below take turns with it and each starts by clearing its passkey. */
const USERNAME = 'nwadmin';

const CANCELLED = 'Passkey authentication was cancelled. Please try again.';

/**
 * Each test starts with no passkey on the server for its user: a run that failed half-way
 * leaves none behind for the next (the browser's prompt flag lives in the test's own context).
 */
async function removeServerPasskeys(): Promise<void> {
  const api = await playwrightRequest.newContext();
  try {
    const signIn = await api.post(apiUrl('/login'), { data: { username: USERNAME, password: DEMO_PASSWORD } });
    expect(signIn.status()).toBe(200);
    const { cookies } = await api.storageState();
    const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
    const { credentials } = await (await api.get(apiUrl('/api/webauthn/credentials'))).json();
    for (const credential of credentials as { id: number }[]) {
      const removed = await api.delete(apiUrl(`/api/webauthn/credentials/${credential.id}`), {
        headers: { 'X-CSRF-TOKEN': csrf },
      });
      expect(removed.status()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}

async function openSignIn(page: Page) {
  await page.goto('/login?popup');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Username').fill(USERNAME);
  return dialog;
}

/**
 * Password sign-in by keyboard, the username typed last and Enter pressed in it: the username
 * field is never left, so no autofill request is armed (the virtual authenticator would
 * answer one at once, ADR 0085).
 */
async function signInWithPassword(page: Page) {
  await page.goto('/login?popup');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('Username').fill(USERNAME);
  await dialog.getByLabel('Username').press('Enter');
}

const welcome = (page: Page) => page.getByRole('heading', { name: `Welcome back, ${DEMO_USERS[USERNAME].firstName}` });

/** Leaving /login loads the whole app, and later pages their chunks: on a busy machine that takes longer than 5 s. */
const APP_LOAD = { timeout: 20_000 };

const setupPrompt = (page: Page) => page.getByRole('dialog', { name: 'Set Up Passkey Login' });

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('passkeys', () => {
  // One journey of many steps on a busy machine: more time than the suite's default.
  test.describe.configure({ mode: 'default', timeout: 120_000 });

  test('the prompt leads to registration; the passkey is renamed, signs in, and is revoked', async ({ page }) => {
    await removeServerPasskeys();
    const authenticator = await VirtualAuthenticator.attach(page);

    await signInWithPassword(page);
    const prompt = setupPrompt(page);
    await expect(prompt).toContainText('Only one passkey may be registered at a time.');
    await prompt.getByRole('button', { name: 'Set Up Passkey Login' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=security&openBiometric=true$/, APP_LOAD);

    const register = page.getByRole('dialog', { name: 'Register a passkey' });
    await register.getByRole('button', { name: 'Register passkey' }).click();
    await expect(register.getByText('Device name is required')).toBeVisible();
    await register.getByLabel('Device name').fill('  Work laptop ');
    await register.getByRole('button', { name: 'Register passkey' }).click();
    await expect(register).toBeHidden();
    const panel = page.getByRole('region', { name: 'Passkey' });
    await expect(panel.getByRole('row', { name: /Work laptop/ })).toContainText('Never');
    await expect(panel.getByRole('button', { name: 'Register passkey' })).toBeHidden();
    await expect(panel).toContainText('Only one passkey may be registered at a time.');
    expect(await authenticator.credentialCount()).toBe(1);

    await panel.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('New device name').fill(' ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByText('New device name is required')).toBeVisible();
    await rename.getByLabel('New device name').fill('Home laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('row', { name: /Home laptop/ })).toBeVisible();

    await logOut(page);
    await authenticator.setUserVerified(false);
    let dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(CANCELLED);

    await authenticator.setUserVerified(true);
    dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(welcome(page)).toBeVisible(APP_LOAD);
    await expect(page).toHaveURL(/\/$/);
    await expect(setupPrompt(page)).toBeHidden();

    // Conditional sign-in: leaving the username field arms the autofill request, which the
    // virtual authenticator answers as a user picking the passkey would.
    await logOut(page);
    dialog = await openSignIn(page);
    await dialog.getByLabel('Username').press('Tab');
    await expect(welcome(page)).toBeVisible(APP_LOAD);

    await page.goto('/settings?tab=security');
    const lastUsed = page.getByRole('region', { name: 'Passkey' }).getByRole('row', { name: /Home laptop/ });
    await expect(lastUsed).toBeVisible(APP_LOAD);
    await expect(lastUsed).not.toContainText('Never');
    await lastUsed.getByRole('button', { name: 'Revoke Home laptop' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke passkey' });
    await expect(revoke).toContainText('You will no longer be able to sign in with it.');
    await revoke.getByRole('button', { name: 'Revoke passkey' }).click();
    await expect(page.getByText('No passkey registered yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register passkey' })).toBeVisible();

    // The options name no credential for anyone (ADR 0094): the browser still offers the
    // passkey it holds, and the server refuses the revoked key.
    await logOut(page);
    dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Authentication failed');
  });

  test('the prompt shows once per username: Maybe Later, and the next sign-in goes straight in', async ({ page }) => {
    await removeServerPasskeys();
    await VirtualAuthenticator.attach(page);

    await signInWithPassword(page);
    await setupPrompt(page).getByRole('button', { name: 'Maybe Later' }).click();
    await expect(welcome(page)).toBeVisible(APP_LOAD);
    await expect(page).toHaveURL(/\/$/);

    await logOut(page);
    await signInWithPassword(page);
    await expect(welcome(page)).toBeVisible(APP_LOAD);
    await expect(setupPrompt(page)).toBeHidden();
  });

  test('passkey sign-in asks for the username first', async ({ page }) => {
    await page.goto('/login?popup');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
  });

  // Last of the file: it turns e-mail 2FA on for the user and off again at its end.
  test('the two-factor step offers the passkey, which signs in without a code', async ({ page }) => {
    await removeServerPasskeys();
    await VirtualAuthenticator.attach(page);
    await signInWithPassword(page);
    await setupPrompt(page).getByRole('button', { name: 'Set Up Passkey Login' }).click();
    const register = page.getByRole('dialog', { name: 'Register a passkey' });
    await register.getByLabel('Device name').fill('Phone');
    await register.getByRole('button', { name: 'Register passkey' }).click();
    await expect(page.getByRole('row', { name: /Phone/ })).toBeVisible();
    await setTwoFactor(page, true);

    await logOut(page);
    await signInWithPassword(page);
    const twoFactor = page.getByRole('dialog', { name: 'Two-Factor Verification' });
    // The two-factor step is a chunk of its own, loaded when the password asks for it.
    await expect(twoFactor.getByRole('button', { name: 'Email Verification' })).toBeVisible(APP_LOAD);
    await twoFactor.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(welcome(page)).toBeVisible(APP_LOAD);
    await expect(page).toHaveURL(/\/$/);
    await setTwoFactor(page, false);
  });
});

/** PUT /api/account/two-factor as the signed-in page, the current password confirming it. */
async function setTwoFactor(page: Page, enabled: boolean): Promise<void> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  const response = await page.request.put(apiUrl('/api/account/two-factor'), {
    data: { enabled, current_password: DEMO_PASSWORD },
    headers: { 'X-CSRF-TOKEN': csrf },
  });
  expect(response.status()).toBe(200);
}
