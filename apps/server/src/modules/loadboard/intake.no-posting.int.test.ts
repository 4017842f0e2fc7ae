import type { IntakeKeyCreated } from '@app/domain/loadboard/intake.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/factories';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { createBrokersService } from '../brokers/brokers.service';
import { createWorld, hoursFromNow } from '../loads/loads.fixtures';
import { createNotificationsService } from '../notifications/notifications.service';
import { createNoPostingWatch } from './intake.no-posting';

// A broker the dispatchers follow (notify_no_posting) that posts nothing for a day is reported to them
// once per silence; its next posting starts the count again.

const { database, testApp, world } = setUpTestApp(createWorld);

const HOUR = 60 * 60 * 1000;
let clock = new Date();
let key = '';

function watch() {
  const deps = { db: database.db, bus: testApp.bus, now: () => clock };
  return createNoPostingWatch({
    ...deps,
    brokers: createBrokersService(deps),
    notifications: createNotificationsService(deps),
  });
}

beforeAll(async () => {
  const rotated = await testApp.app.inject({
    method: 'POST',
    url: '/backend/api/v2/company/my/intake-key/rotate',
    headers: world.sessions.admin.headers,
  });
  key = rotated.json<IntakeKeyCreated>().key;
});

async function broker(options: { follow: boolean; lastPostedHoursAgo: number | null }) {
  const row = await database.db
    .insertInto('broker_companies')
    .values({
      company_id: world.company.id,
      name: `Silent Broker ${unique()}`,
      notify_no_posting: options.follow,
      last_posted_at:
        options.lastPostedHoursAgo === null
          ? null
          : new Date(clock.getTime() - options.lastPostedHoursAgo * HOUR),
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

const noticesOf = (userId: number) =>
  database.db
    .selectFrom('notifications')
    .select(['type_id', 'label', 'content', 'load_id'])
    .where('user_id', '=', userId)
    .where('type_id', '=', 4)
    .orderBy('id')
    .execute();

async function postAs(name: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/backend/api/v2/loadboard/intake',
    headers: { 'x-intake-key': key },
    payload: {
      broker_company: { name },
      pick_up: {
        address: '1 Main St, Dallas, TX',
        city: 'Dallas',
        state: 'TX',
        lat: 32.7767,
        lon: -96.797,
        date: hoursFromNow(10),
      },
      deliver_to: {
        address: '1 Main St, Houston, TX',
        city: 'Houston',
        state: 'TX',
        lat: 29.7604,
        lon: -95.3698,
        date: hoursFromNow(20),
      },
      car: 'VAN',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the no-posting watch', () => {
  it("tells the company's dispatchers once when a followed broker has posted nothing for a day", async () => {
    clock = new Date();
    const silent = await broker({ follow: true, lastPostedHoursAgo: 25 });
    const before = await noticesOf(world.users.dispatcher.id);
    const recorder = recordEvents(testApp.bus);
    expect(await watch().runOnce()).toBeGreaterThanOrEqual(1);
    recorder.stop();

    const notices = (await noticesOf(world.users.dispatcher.id)).slice(before.length);
    expect(notices).toEqual([
      {
        type_id: 4,
        label: 'Broker stopped posting',
        content: expect.stringMatching(
          new RegExp(`^${silent.name} has posted no loads since \\d{2}:\\d{2}[ap]m \\d{2}/\\d{2}/\\d{4} ET$`),
        ) as string,
        load_id: null,
      },
    ]);
    // Only to dispatchers: the manager and the tracker are not told.
    expect((await noticesOf(world.users.manager.id)).map((notice) => notice.content)).not.toContain(
      notices[0]!.content,
    );
    expect(recorder.events).toContainEqual(
      expect.objectContaining({ event: 'new_notice', userIds: [world.users.dispatcher.id] }),
    );

    // Once per silence: the next run says nothing more of it.
    await watch().runOnce();
    expect((await noticesOf(world.users.dispatcher.id)).slice(before.length)).toHaveLength(1);
  });

  it('is quiet about brokers nobody follows, brokers silent less than a day, and brokers that never posted', async () => {
    clock = new Date();
    const before = (await noticesOf(world.users.dispatcher.id)).length;
    await broker({ follow: false, lastPostedHoursAgo: 48 });
    await broker({ follow: true, lastPostedHoursAgo: 23 });
    await broker({ follow: true, lastPostedHoursAgo: null });
    expect(await watch().runOnce()).toBe(0);
    expect(await noticesOf(world.users.dispatcher.id)).toHaveLength(before);
  });

  it('a posting ends the silence; a day without one after it is reported again', async () => {
    clock = new Date();
    const followed = await broker({ follow: true, lastPostedHoursAgo: 30 });
    expect(await watch().runOnce()).toBe(1);
    await postAs(followed.name);
    const afterPosting = await database.db
      .selectFrom('broker_companies')
      .select(['last_posted_at', 'no_posting_notified_at'])
      .where('id', '=', followed.id)
      .executeTakeFirstOrThrow();
    expect(afterPosting.no_posting_notified_at).toBeNull();
    expect(await watch().runOnce()).toBe(0);

    const aboutIt = async () =>
      (await noticesOf(world.users.dispatcher.id)).filter((notice) =>
        notice.content.startsWith(`${followed.name} has posted no loads since`),
      );
    expect(await aboutIt()).toHaveLength(1);
    // A day after its posting (the brokers of the test before are silent by then too).
    clock = new Date(Date.now() + 25 * HOUR);
    expect(await watch().runOnce()).toBeGreaterThanOrEqual(1);
    expect(await aboutIt()).toHaveLength(2);
  });
});
