import { expect, test } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { hoursFromNow, LOADS_API } from '../helpers/loads';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';

// The load intake: an admin generates the company's intake key on the settings page (shown once), an outside
// load board posts a load with it, and the load is on the dispatchers' board; a wrong key changes nothing.

const INTAKE = '/backend/api/v2/loadboard/intake';

test('an admin generates the intake key and a load posted with it reaches the load board', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_USERS.admin.email);
  await expect(mainMenu(page)).toBeVisible();
  await page.goto('/settings/company/');
  const section = page.locator('fieldset', { hasText: 'Load intake' });
  await expect(section).toContainText('POST /backend/api/v2/loadboard/intake with the header X-Intake-Key');

  // Generate (or, when a key is in use, confirm the new one that replaces it). The section says which only
  // once the key's status has loaded: wait for one of the two buttons before choosing.
  const fresh = section.getByRole('button', { name: 'Generate key' });
  const replace = section.getByRole('button', { name: 'Generate a new key' });
  await expect(fresh.or(replace)).toBeVisible();
  if (await fresh.isVisible()) await fresh.click();
  else {
    await replace.click();
    await expect(section).toContainText('The key in use stops working at once');
    await section.getByRole('button', { name: 'Generate', exact: true }).click();
  }
  await expect(section).toContainText('Copy the key now: it is shown only this once.');
  const key = await section.getByRole('textbox', { name: 'Intake key' }).inputValue();
  expect(key).toMatch(/^ik_[A-Za-z0-9_-]{43}$/);
  await expect(section).toContainText(/A key is in use since \d{2}:\d{2}[ap]m \d{2}\/\d{2}\/\d{4}/);

  const reference = `E2E-INTAKE-${Date.now().toString(36)}`;
  const posting = {
    reference,
    broker_company: { name: `E2E Intake Brokers ${Date.now().toString(36)}` },
    pick_up: {
      address: '1500 Marilla St, Dallas, TX 75201',
      city: 'Dallas',
      state: 'TX',
      lat: 32.7767,
      lon: -96.797,
      date: hoursFromNow(20),
    },
    deliver_to: {
      address: '1 Peachtree St, Atlanta, GA 30303',
      city: 'Atlanta',
      state: 'GA',
      lat: 33.749,
      lon: -84.388,
      date: hoursFromNow(40),
    },
    car: 'SPRINTER VAN',
    pays: '$1,250.00',
  };

  const wrong = await request.post(INTAKE, {
    headers: { 'X-Intake-Key': `ik_${'Z'.repeat(43)}` },
    data: posting,
  });
  expect(wrong.status()).toBe(401);

  const posted = await request.post(INTAKE, { headers: { 'X-Intake-Key': key }, data: posting });
  expect(posted.status(), await posted.text()).toBe(200);
  const result = (await posted.json()) as {
    id: number;
    outcome: string;
    broker_company: { created: boolean };
  };
  expect(result).toMatchObject({ outcome: 'created', broker_company: { created: true } });

  // The same posting again within the day updates that load instead of adding one.
  const again = await request.post(INTAKE, {
    headers: { 'X-Intake-Key': key },
    data: { ...posting, pays: '$1,300' },
  });
  expect((await again.json()) as { id: number; outcome: string }).toEqual(
    expect.objectContaining({ id: result.id, outcome: 'updated' }),
  );

  const dispatcher = await api(request, DEMO_USERS.dispatcher.email);
  const board = await dispatcher.json<{ results: { id: number }[] }>(
    'GET',
    `${LOADS_API}/loadboard?loads_id=${result.id}`,
  );
  expect(board.results.map((load) => load.id)).toEqual([result.id]);
});
