import { expect, test } from './support/fixtures';

// The shared date rule (docs/decisions/0096) reaches the form: a date outside 1900-01-01 to
// 2999-12-31 is refused in words before anything is sent, and a date inside it is not.
test('the time entry form refuses a date outside 1900 to 2999 and says the range', async ({ page, login }) => {
  await login('staff');
  await page.goto('/time_entries/create');
  const requests: string[] = [];
  page.on('request', (request) => {
    // The activity tracker's batches are the shell's, not the form's.
    if (request.method() === 'POST' && !request.url().endsWith('/api/activity-logs')) requests.push(request.url());
  });
  for (const date of ['1899-12-31', '3000-01-01']) {
    await page.getByLabel('Date').fill(date);
    await page.getByRole('button', { name: 'Record time' }).click();
    await expect(page.locator('.field-error')).toContainText(['Date must be between 1900-01-01 and 2999-12-31']);
  }
  await page.getByLabel('Date').fill('2999-12-31');
  await page.getByRole('button', { name: 'Record time' }).click();
  await expect(page.locator('.field-error')).toHaveText([
    'Client is required',
    'Activity type is required',
    'Minutes are required',
  ]);
  expect(requests).toEqual([]);
});
