import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { api } from '../helpers/api';
import type { ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, LOADS_API } from '../helpers/loads';
import type { CreatedLoad } from '../helpers/loads';
import { signedInBrowser } from '../helpers/right-panel';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import type { SmtpReceiver } from '../helpers/smtp-receiver';

// The accountant's week (business areas: accounting): a load delivered this week is completed in
// accounting, its invoice e-mailed to the broker through the company's mail server (a receiver on
// loopback here) and dated that day in the brokers' list, the owners' pay of the week moved to another
// status in bulk, and the owner's pay sheet (PDF) and the owners' list (Excel) downloaded.

const COMPANY_SMTP = '/backend/api/v2/company/my/propositions';
const BROKER_BILLING = 'billing@e2e-broker.test';

type Driver = { id: number; owner: { id: number; full_name: string } | null; car: { id: number } | null };
type PropositionSettings = {
  proposition_template: string;
  proposition_template_is_default: boolean;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: boolean;
  smtp_user: string | null;
  smtp_from: string | null;
};
type OwnerPayments = { results: { id: number; status: number }[] };

let smtp: SmtpReceiver;
let savedSmtp: PropositionSettings;
let load: CreatedLoad;
let owner: { id: number; full_name: string };
let ownerPaymentId: number;

/** The company's mail settings as PUT company/my/propositions/update takes them (the password kept). */
function smtpUpdate(settings: PropositionSettings, overrides: Partial<PropositionSettings> = {}) {
  return {
    proposition_template: settings.proposition_template_is_default ? null : settings.proposition_template,
    smtp_host: settings.smtp_host,
    smtp_port: settings.smtp_port,
    smtp_secure: settings.smtp_secure,
    smtp_user: settings.smtp_user,
    smtp_from: settings.smtp_from,
    ...overrides,
  };
}

async function upload(request: APIRequestContext, client: ApiClient, loadId: number, type: string) {
  const response = await request.put(`${LOADS_API}/active/${loadId}/upload-file`, {
    headers: { Authorization: `Bearer ${client.accessToken}` },
    multipart: {
      file_type: type,
      file: {
        name: `${type}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from(`%PDF-1.4\n% ${type}\n`),
      },
    },
  });
  expect(response.ok(), `upload answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** Today in New York as the accounting pages write a calendar day: MM/DD/YYYY. */
function easternToday(): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** The downloaded file's first bytes. */
async function firstBytes(download: Download, count: number): Promise<Buffer> {
  const path = await download.path();
  return (await readFile(path)).subarray(0, count);
}

async function search(page: Page, name: string, text: string) {
  await page.getByRole('searchbox', { name }).fill(text);
}

test.beforeAll(async ({ request }) => {
  smtp = await startSmtpReceiver();
  // The company sends through the receiver for the length of this spec; its own settings come back after.
  const admin = await api(request, DEMO_USERS.admin.email);
  savedSmtp = await admin.json<PropositionSettings>('GET', COMPANY_SMTP);
  await admin.json('PUT', `${COMPANY_SMTP}/update`, {
    data: smtpUpdate(savedSmtp, {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
      smtp_user: null,
      smtp_from: 'Demo Carrier Billing <billing@demo-carrier.test>',
    }),
  });

  // A load of a driver whose truck has an owner, delivered now with its documents: it enters checkout.
  const dispatcher = await api(request, DEMO_USERS.dispatcher.email);
  const drivers = await dispatcher.json<{ results: Driver[] }>('GET', '/backend/api/v2/users/drivers', {
    params: { limit: 50 },
  });
  const driver = drivers.results.find((candidate) => candidate.owner && candidate.car);
  if (!driver?.owner) throw new Error('The demo company has no driver with an owner');
  owner = driver.owner;
  load = await createLoad(dispatcher, { driver: driver.id, broker_price: '1875.25', driver_price: '1400' });
  for (const type of ['rate_confirmation', 'bill_of_lading', 'proof_of_delivery']) {
    await upload(request, dispatcher, load.id, type);
  }
  let status = 1;
  while (status < 8) {
    ({ status } = await dispatcher.json<{ status: number }>(
      'PUT',
      `${LOADS_API}/${load.id}/set-next-status`,
    ));
  }
  const booked = await dispatcher.json<{ load_accounting_week: number; load_accounting_year: number }>(
    'GET',
    `${LOADS_API}/active/${load.id}/`,
  );
  const accountant = await api(request, DEMO_USERS.accountant.email);
  const pay = await accountant.json<OwnerPayments>('GET', '/backend/api/v2/payments/owners/all', {
    params: { week: booked.load_accounting_week, year: booked.load_accounting_year, person: owner.id },
  });
  ownerPaymentId = pay.results[0]!.id;
});

test.afterAll(async ({ request }) => {
  if (savedSmtp) {
    const admin = await api(request, DEMO_USERS.admin.email);
    await admin.json('PUT', `${COMPANY_SMTP}/update`, { data: smtpUpdate(savedSmtp) });
  }
  await smtp?.close();
});

test("the accountant's week: completes a load, e-mails its invoice, moves the owners' pay and downloads the reports", async ({
  browser,
}) => {
  // One accountant's whole week, step after step.
  test.setTimeout(180_000);
  const page = await signedInBrowser(browser, DEMO_USERS.accountant.email);

  await test.step('the delivered load is in the list of loads and opens on its income page', async () => {
    await page.goto('/accounting/loads');
    await search(page, 'Search loads', load.number);
    const table = page.getByRole('table', { name: 'List of loads' });
    const row = table.getByRole('row').filter({ hasText: load.number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$1,875.25');
    await expect(row).toContainText('Not sent');
    await row.click();
    await expect(page.getByRole('heading', { name: `Load ${load.number}` })).toBeVisible();
  });

  await test.step("the invoice is e-mailed to the broker's billing address and arrives", async () => {
    await page.getByRole('button', { name: 'E-mail invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-mail the invoice' });
    await dialog.getByLabel('Send to').fill(BROKER_BILLING);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Invoices sent')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => smtp.received.length).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual([BROKER_BILLING]);
    expect(mail!.email.subject).toContain(`Invoice ${load.number}`);
    const attachment = mail!.email.attachments[0]!;
    expect(attachment.filename).toBe(`invoice-${load.number}.pdf`);
    expect(
      Buffer.from(attachment.content as ArrayBuffer)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // The page learns of it at once: the invoice is dated today.
    await expect(page.getByText(`Sent ${easternToday()}`)).toBeVisible();
  });

  await test.step('the load is completed in accounting', async () => {
    await page.getByRole('combobox', { name: 'Accounting status' }).click();
    await page.getByRole('option', { name: 'Completed', exact: true }).click();
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    // The load's history says so, and the load moves to the completed income.
    await expect(page.getByText('Accounting status: Standard → Completed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Income: completed' })).toBeVisible();
    await page.goto('/accounting/loads');
    await search(page, 'Search loads', load.number);
    const row = page.getByRole('table', { name: 'List of loads' }).getByRole('row').filter({
      hasText: load.number,
    });
    await expect(row).toContainText('Completed');
  });

  await test.step("the brokers' list shows the invoice's date", async () => {
    await page.goto('/accounting/brokers/active/');
    await search(page, 'Search payments', load.number);
    const row = page.getByRole('table', { name: 'Brokers: active payments' }).getByRole('row').filter({
      hasText: load.number,
    });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Sent ${easternToday()}`);
  });

  await test.step("the owners' pay of the week moves to Ready to pay in bulk", async () => {
    await page.goto('/accounting/owners/active/');
    await search(page, 'Search owners', owner.full_name);
    const table = page.getByRole('table', { name: "Owners' pay: active" });
    const row = table.getByRole('row').filter({ has: page.getByLabel(`Select payment ${ownerPaymentId}`) });
    await expect(row).toHaveCount(1);
    await row.getByRole('checkbox', { name: `Select payment ${ownerPaymentId}` }).check();
    await expect(page.getByText('Selected: 1')).toBeVisible();
    await page.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Ready to pay' }).click();
    await page.getByRole('button', { name: 'Change status' }).click();
    await expect(page.getByText('Status changed')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Ready to pay' })).toBeVisible();
  });

  await test.step("the owner's pay sheet downloads as a PDF", async () => {
    const row = page.getByRole('row').filter({ has: page.getByLabel(`Select payment ${ownerPaymentId}`) });
    await row.getByRole('cell', { name: owner.full_name }).click();
    const sheet = page.getByRole('region', { name: 'Pay sheet' });
    await expect(sheet).toContainText(load.number);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Pay sheet PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await firstBytes(download, 5)).toString('latin1')).toBe('%PDF-');
  });

  await test.step("the owners' list downloads as an Excel workbook", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx is a zip archive: it starts with 'PK', 3, 4.
    expect([...(await firstBytes(download, 4))]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  await page.context().close();
});
