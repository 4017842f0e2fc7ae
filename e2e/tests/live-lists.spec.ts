import { expect, test } from '@playwright/test';
import type { Page, Response } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, loadHeading } from '../helpers/loads';
import { rightPanel, signedInBrowser } from '../helpers/right-panel';

// Every list live: a manager changes a load's price, a vehicle's status and the vehicle's details in a
// browser of their own; the dispatcher, with the active loads list open in one tab and the vehicles list in
// another, sees each within 2 seconds of the server's answer, without a reload (update_loads,
// car_status_change and the product's own update_units on the socket).

const CARS = '/backend/api/v2/cars';
const LIVE_WITHIN_MS = 2_000;

type ServerVehicle = { id: number; unit_id: string; status: { id: number } };

/** Marks the page, so that a reload (which would show the change anyway) can be told apart from live. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: boolean }).liveMark = true;
  });
}

async function stillTheSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
}

/** Waits for the server's answer to a change the manager makes: the 2 seconds start there. */
function answerOf(page: Page, method: string, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === method && new URL(response.url()).pathname === path,
  );
}

test("a manager changes a load's price, a vehicle's status and its details; the dispatcher's open lists show each within 2 s", async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  const ref = `LIVE-${Date.now().toString(36)}`;
  // The dispatcher's own load, so that a list filtered to their loads shows it too.
  const load = await createLoad(dispatcherApi, { rateconf_ref: ref, broker_price: '1200.50' });
  const available = await dispatcherApi.json<{ results: ServerVehicle[] }>('GET', `${CARS}/all`, {
    params: { status: 1, limit: 50 },
  });
  const vehicle = available.results[test.info().workerIndex % Math.max(1, available.results.length)];
  expect(vehicle, 'an Available demo vehicle').toBeTruthy();
  const unit = vehicle!.unit_id;

  const manager = await signedInBrowser(browser, DEMO_USERS.manager.email);
  const dispatcherLoads = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);
  const dispatcherVehicles = await dispatcherLoads.context().newPage();

  // The dispatcher's two open lists, each on the load or vehicle to watch, each with its socket open.
  await dispatcherLoads.goto('/my-loads/active/');
  await dispatcherLoads.getByRole('searchbox', { name: 'Search loads' }).fill(ref);
  const loadRow = dispatcherLoads
    .getByRole('table', { name: 'Active loads' })
    .getByRole('row', { name: ref });
  await expect(loadRow).toContainText('$1,200.50');
  await dispatcherVehicles.goto('/units/vehicles/');
  await expect(rightPanel(dispatcherVehicles)).toHaveAttribute('data-socket', 'open');
  await dispatcherVehicles.getByRole('searchbox', { name: 'Search vehicles' }).fill(unit);
  const vehicleRow = dispatcherVehicles.getByRole('row', { name: unit, exact: true });
  await expect(vehicleRow).toContainText('Available');
  await expect(vehicleRow).not.toContainText('Not available');
  await expect(rightPanel(dispatcherLoads)).toHaveAttribute('data-socket', 'open');
  await markPage(dispatcherLoads);
  await markPage(dispatcherVehicles);

  await test.step("the manager changes the load's price: the dispatcher's loads list shows it", async () => {
    await manager.goto(`/load/active/${load.id}`);
    await expect(loadHeading(manager, load)).toBeVisible();
    await manager.getByRole('button', { name: 'Change price', exact: true }).click();
    const dialog = manager.getByRole('dialog', { name: `Prices of load ${load.number}` });
    await dialog.getByRole('textbox', { name: 'Broker price' }).fill('1,475.25');
    const answered = answerOf(manager, 'PUT', `/backend/api/v2/loads/active/${load.id}/change-price`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await answered).ok()).toBe(true);
    await expect(loadRow).toContainText('$1,475.25', { timeout: LIVE_WITHIN_MS });
    await stillTheSamePage(dispatcherLoads);
  });

  await test.step("the manager sets the vehicle Not available: the dispatcher's vehicles list shows it", async () => {
    await manager.goto('/units/vehicles/');
    await manager.getByRole('searchbox', { name: 'Search vehicles' }).fill(unit);
    const managerRow = manager.getByRole('row', { name: unit, exact: true });
    await managerRow.getByRole('button', { name: `Actions for ${unit}` }).click();
    const answered = answerOf(manager, 'PUT', `${CARS}/${vehicle!.id}/update-status`);
    await manager.getByRole('menuitem', { name: 'Set Not available' }).click();
    expect((await answered).ok()).toBe(true);
    await expect(vehicleRow).toContainText('Not available', { timeout: LIVE_WITHIN_MS });
    await stillTheSamePage(dispatcherVehicles);
  });

  /** The manager renames the vehicle in its details dialog; answers when the server has saved it. */
  async function renameVehicle(from: string, to: string): Promise<void> {
    await manager.getByRole('searchbox', { name: 'Search vehicles' }).fill(from);
    await manager
      .getByRole('row', { name: from, exact: true })
      .getByRole('button', { name: `Actions for ${from}` })
      .click();
    await manager.getByRole('menuitem', { name: 'Edit details' }).click();
    const dialog = manager.getByRole('dialog', { name: `Vehicle ${from}` });
    await dialog.getByRole('textbox', { name: 'Unit ID' }).fill(to);
    const answered = answerOf(manager, 'PUT', `${CARS}/${vehicle!.id}/update`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await answered).ok()).toBe(true);
    await expect(dialog).toBeHidden();
  }

  await test.step("the manager edits the vehicle's unit ID: the dispatcher's vehicles list shows it", async () => {
    // The new unit ID starts with the old one, so the dispatcher's search still finds the vehicle.
    const renamed = `${unit}L`;
    await renameVehicle(unit, renamed);
    await expect(dispatcherVehicles.getByRole('row', { name: renamed, exact: true })).toBeVisible({
      timeout: LIVE_WITHIN_MS,
    });
    await expect(vehicleRow).toBeHidden();
    await stillTheSamePage(dispatcherVehicles);
    // The demo fleet as the other specs know it.
    await renameVehicle(renamed, unit);
    await expect(vehicleRow).toBeVisible({ timeout: LIVE_WITHIN_MS });
  });
});
