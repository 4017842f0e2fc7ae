import { DEFAULT_PROPOSITION_TEMPLATE } from '@app/domain/bids/proposition-template.rules';
import type { Proposition } from '@app/domain/bids/bids.schema';
import type { PropositionSettings } from '@app/domain/company/proposition-settings.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import {
  startTestSmtpServer,
  TEST_SMTP_PASSWORD,
  type TestSmtpServer,
} from '../../integrations/mail/mail.fixtures';
import {
  bidBody,
  call,
  createPropositionsWorld,
  insertBoardLoad,
  insertVehicleWithDriver,
} from '../bids/propositions.fixtures';

// The company settings' proposition section: the template and the SMTP server, the password written and
// never answered, and a proposition then sent through what was saved.

const { database, testApp, world } = setUpTestApp(createPropositionsWorld);
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

const GET = 'company/my/propositions';
const PUT = 'company/my/propositions/update';

function section(overrides: Record<string, unknown> = {}) {
  return {
    proposition_template: 'Offer [bold]{brokerPrice}[/bold] with unit {internal_number}\n{sign}',
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_secure: false,
    smtp_user: 'dispatch@carrier.test',
    smtp_password: TEST_SMTP_PASSWORD,
    smtp_from: 'Blue Line Dispatch <dispatch@carrier.test>',
    ...overrides,
  };
}

describe('GET and PUT company/my/propositions', () => {
  it('answers the default template and no SMTP for a new company', async () => {
    const response = await call<PropositionSettings>(testApp.app, 'GET', GET, world.sessions.manager);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      proposition_template: DEFAULT_PROPOSITION_TEMPLATE,
      proposition_template_is_default: true,
      smtp_host: null,
      smtp_password_set: false,
    });
    expect(response.body.placeholders).toContain('brokerPrice');
  });

  it('saves the section; the password is never answered, by this route or by company/my', async () => {
    const saved = await call<PropositionSettings>(testApp.app, 'PUT', PUT, world.sessions.admin, section());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_password_set: true,
      proposition_template_is_default: false,
    });
    expect(JSON.stringify(saved.body)).not.toContain(TEST_SMTP_PASSWORD);
    const read = await call(testApp.app, 'GET', GET, world.sessions.manager);
    expect(JSON.stringify(read.body)).not.toContain(TEST_SMTP_PASSWORD);
    const company = await call(testApp.app, 'GET', 'company/my', world.sessions.manager);
    expect(JSON.stringify(company.body)).not.toContain(TEST_SMTP_PASSWORD);

    // Left out, the password stays; null removes it.
    const { smtp_password: _password, ...withoutPassword } = section();
    const kept = await call<PropositionSettings>(
      testApp.app,
      'PUT',
      PUT,
      world.sessions.admin,
      withoutPassword,
    );
    expect(kept.body.smtp_password_set).toBe(true);
    const row = await database.db
      .selectFrom('companies')
      .select('smtp_password')
      .where('id', '=', world.company.id)
      .executeTakeFirstOrThrow();
    expect(row.smtp_password).toBe(TEST_SMTP_PASSWORD);
  });

  it('sends the next proposition through the saved server with the saved template', async () => {
    await call(testApp.app, 'PUT', PUT, world.sessions.admin, section());
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const { vehicleId, unitId } = await insertVehicleWithDriver(database.db, world.company.id);
    const bid = await call<Proposition>(
      testApp.app,
      'POST',
      'propositions/create',
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId }),
    );
    expect(bid.body.delivery).toBe('sent');
    const mail = smtp.received.at(-1)!;
    expect(mail.email.html).toContain(`Offer <b>$1,850.00</b> with unit ${unitId}`);
    expect(mail.email.from?.name).toBe('Blue Line Dispatch');
  });

  it('answers 400 naming the field for a bad template or server, and changes nothing', async () => {
    const before = await call<PropositionSettings>(testApp.app, 'GET', GET, world.sessions.manager);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ proposition_template: 'Hi {price}' }, 'proposition_template', 'Unknown placeholder {price}'],
      [
        { proposition_template: '[bold]{brokerPrice}' },
        'proposition_template',
        'Each [bold] needs a [/bold] after it',
      ],
      [{ smtp_port: 70000 }, 'smtp_port', 'Must be a port from 1 to 65535'],
      [{ smtp_port: null }, 'smtp_port', 'Must be a port from 1 to 65535'],
      [{ smtp_from: null }, 'smtp_from', 'Enter the address the propositions come from'],
      [
        { smtp_from: 'nobody' },
        'smtp_from',
        'Must be an e-mail address, optionally with a name: Dispatch <dispatch@carrier.com>',
      ],
      [{ smtp_host: 'bad host!' }, 'smtp_host', 'Must be a host name or an IP address'],
      [{ unknown_field: 1 }, '', ''],
    ];
    for (const [change, field, message] of cases) {
      const response = await call<{ fields: Record<string, string[]> }>(
        testApp.app,
        'PUT',
        PUT,
        world.sessions.admin,
        section(change),
      );
      expect(response.status, JSON.stringify(change)).toBe(400);
      if (field) expect(response.body.fields[field]).toContain(message);
    }
    expect((await call(testApp.app, 'GET', GET, world.sessions.manager)).body).toEqual(before.body);
  });

  it('turns sending off and goes back to the default template', async () => {
    const response = await call<PropositionSettings>(testApp.app, 'PUT', PUT, world.sessions.admin, {
      proposition_template: '',
      smtp_host: null,
      smtp_password: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      proposition_template_is_default: true,
      smtp_host: null,
      smtp_password_set: false,
    });
  });

  it('is for admins and managers only', async () => {
    expect((await call(testApp.app, 'GET', GET, world.sessions.dispatcher)).status).toBe(403);
    expect((await call(testApp.app, 'PUT', PUT, world.sessions.dispatcher, section())).status).toBe(403);
  });
});
