import { expect, test, type APIRequestContext } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { rightPanel, signedInBrowser } from '../helpers/right-panel';

// Broker e-mails that post loads: a posting e-mail sent to the company's e-mail intake (the raw message,
// as a mail server received it, with the intake key) appears live on an admin's open load board; one
// without a vehicle type waits in "From e-mail", where the admin picks the type and posts it to the board.
// The second demo carrier is used, so that its intake key is its own.

const INTAKE_EMAIL = '/backend/api/v2/loadboard/intake/email';
const LIVE_WITHIN_MS = 5_000;

/** Tomorrow's Eastern date as brokers write it: '11/27'. */
function tomorrowEastern(): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: '2-digit', day: '2-digit' })
    .format(tomorrow)
    .replace(/^0/, '');
}

function postingMail(reference: string, vehicle: string | null): string {
  return [
    'From: Mike Ross <mross@e2e-broker.example>',
    'To: loads@carrier.example',
    `Subject: Load available Dallas, TX to Atlanta, GA ${reference}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${reference}@e2e-broker.example>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Pick up: Dallas, TX 75201',
    `Pick up date: ${tomorrowEastern()} 08:00`,
    'Delivery: Atlanta, GA 30303',
    ...(vehicle ? [`Equipment: ${vehicle}`] : []),
    'Weight: 1,800 lbs',
    'Rate: $1,250.00',
    `Reference #: ${reference}`,
    'E2E Brokers | MC# 7340021',
    '',
  ].join('\r\n');
}

async function sendMail(request: APIRequestContext, key: string, raw: string) {
  const response = await request.post(INTAKE_EMAIL, {
    headers: { 'X-Intake-Key': key, 'Content-Type': 'message/rfc822' },
    data: raw,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number; state: string; load_id: number | null };
}

test('a posting e-mail appears live on an open load board; one missing its vehicle type is posted from review', async ({
  browser,
  request,
}) => {
  const admin = await api(request, DEMO_USERS.otherAdmin.email);
  const { key } = await admin.json<{ key: string }>('POST', '/backend/api/v2/company/my/intake-key/rotate');
  const suffix = Date.now().toString(36).toUpperCase();

  const page = await signedInBrowser(browser, DEMO_USERS.otherAdmin.email);
  await page.goto('/loadboard/');
  await expect(
    page.getByRole('table', { name: 'Load board' }).or(page.getByText('No loads on the board yet')),
  ).toBeVisible();
  await expect(rightPanel(page)).toHaveAttribute('data-socket', 'open');
  const button = page.getByRole('button', { name: /^From e-mail/ });
  await expect(button).toHaveText(/From e-mail \(\d+\)/);
  const waiting = Number(/\((\d+)\)/.exec((await button.textContent()) ?? '')?.[1] ?? 0);

  await test.step('a complete posting e-mail slides onto the open board', async () => {
    const posted = await sendMail(request, key, postingMail(`E2E-${suffix}-1`, 'Sprinter van'));
    expect(posted.state).toBe('posted');
    const row = page.locator(`[data-board-item][data-load-id="${posted.load_id}"]`);
    await expect(row).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(row).toContainText('Dallas, TX');
    await expect(row).toContainText('Atlanta, GA');
    await expect(row).toContainText('$1,250');
  });

  await test.step('one without a vehicle type waits in From e-mail, and is posted with the type picked', async () => {
    const kept = await sendMail(request, key, postingMail(`E2E-${suffix}-2`, null));
    expect(kept).toMatchObject({ state: 'needs_review', load_id: null });
    await expect(button).toHaveText(`From e-mail (${waiting + 1})`, { timeout: LIVE_WITHIN_MS });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Posting e-mails to review' });
    const mail = drawer.getByRole('article', {
      name: `Load available Dallas, TX to Atlanta, GA E2E-${suffix}-2`,
    });
    await expect(mail).toContainText('Vehicle type');
    await mail.getByRole('button', { name: 'Complete and post' }).click();
    await mail.getByRole('combobox', { name: 'Vehicle type' }).click();
    await page.getByRole('option', { name: 'Cargo van' }).click();
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/email-postings/${kept.id}/post`) && response.request().method() === 'POST',
    );
    await mail.getByRole('button', { name: 'Post to the board' }).click();
    const posted = (await (await answered).json()) as { state: string; load_id: number };
    expect(posted.state).toBe('posted');
    await expect(mail).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(button).toHaveText(`From e-mail (${waiting})`);
    const row = page.locator(`[data-board-item][data-load-id="${posted.load_id}"]`);
    await expect(row).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(row).toContainText('Dallas, TX');
  });
});
