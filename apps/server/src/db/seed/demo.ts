/**
 * Demo data: 'Demo Carrier' with one user per staff role, two teams, a fleet of about 40 units with
 * owners and drivers across the US and Canada, about 30 brokers, 300 loads in every status (60 of them on
 * the load board) and the bids of drivers and dispatchers on them;
 * a smaller 'Other Carrier' with its own records; and newuser@demo.test, who belongs to no company.
 * One driver of each company signs in to the driver page with loads forwarded to the driver's unit.
 * Every demo user signs in with the password demo1234.
 *
 * - It runs only on a database without companies, and in one transaction: a failure leaves nothing.
 * - It is deterministic: a seeded pseudo-random sequence makes the same records on every run.
 * - Dates are placed relative to `now` (the current time unless given): active loads are under way around
 *   now, completed ones lie in the past weeks, expiry dates fall in the coming months. The demo therefore
 *   looks current whenever it is seeded, and the same `now` gives the same rows.
 * - Records are planned in memory first and written with one multi-row insert per table.
 */
import { hash } from '@node-rs/argon2';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { CreditCheckResult } from '@app/domain/brokers/brokers.rules';
import type { Database, LoadFileType, LoadsTable, LoadStatus } from '../schema';
import { planBids } from './bid-plan';
import { CITIES } from './cities';
import { BLACKLIST_REASONS, createNamePicker, phoneNumber, RATING_COMMENTS } from './content';
import { addDays, addHours, addMinutes, truncateToMinute } from './dates';
import {
  DEMO_CARRIER,
  DEMO_PASSWORD,
  NEW_USER,
  OTHER_CARRIER,
  type BrokerRating,
  type CompanySpec,
  type StaffSpec,
  type TeamSpec,
} from './demo-companies';
import { seedDriverSignIn } from './driver-sign-in';
import { seedGroupChats } from './group-chats';
import { planFleet, type FleetPlan } from './fleet-plan';
import { planLoads, type LoadPlan, type VehicleState } from './load-plan';
import { seedPayTerms } from './pay-terms';
import { seedPaymentRows } from './payment-rows';
import { createRandom, type Random } from './random';
import type { BrokerContact, SeededBroker, SeededUser } from './seeded-records';

type Db = Kysely<Database> | Transaction<Database>;

type SeedEnvironment = { now: Date; passwordHash: string };

export type SeedDemoOptions = {
  /** The moment the demo is built around; defaults to the current time. */
  now?: Date;
};

export async function seedDemoData(
  db: Kysely<Database>,
  options: SeedDemoOptions = {},
): Promise<{ seeded: boolean }> {
  if (await hasCompanies(db)) return { seeded: false };
  const now = truncateToMinute(options.now ?? new Date());
  // Hashed once (argon2id) and shared by every demo user: hashing is slow on purpose.
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 });

  return db.transaction().execute(async (trx) => {
    // Two servers starting on the same empty database must not both seed it: the second waits here,
    // then finds the companies of the first.
    await sql`LOCK TABLE companies IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    if (await hasCompanies(trx)) return { seeded: false };
    const environment: SeedEnvironment = { now, passwordHash };
    await seedCompany(trx, DEMO_CARRIER, environment);
    await seedCompany(trx, OTHER_CARRIER, environment);
    await seedUsers(trx, null, [{ ...NEW_USER, role: null }], environment, createRandom(1));
    return { seeded: true };
  });
}

/** The demo carrier's id when the database holds the demo data (the demo feed posts to its board). */
export async function findDemoCompanyId(db: Db): Promise<number | undefined> {
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('company_hash', '=', DEMO_CARRIER.company.company_hash)
    .executeTakeFirst();
  return company?.id;
}

async function hasCompanies(db: Db): Promise<boolean> {
  const company = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return company !== undefined;
}

/** Ids of inserted rows in the order of the rows given: PostgreSQL returns a multi-row VALUES insert in order. */
function ids(rows: { id: number | string | bigint }[]): number[] {
  return rows.map((row) => Number(row.id));
}

async function seedCompany(
  trx: Transaction<Database>,
  spec: CompanySpec,
  environment: SeedEnvironment,
): Promise<void> {
  const { now } = environment;
  const random = createRandom(spec.seed);
  const company = await trx
    .insertInto('companies')
    .values({ ...spec.company, created_at: addDays(now, -730), updated_at: addDays(now, -30) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyId = Number(company.id);

  const staff = await seedUsers(trx, companyId, spec.staff, environment, random);
  const users = await seedTeams(trx, companyId, spec.teams, staff, now);
  const brokers = await seedBrokers(trx, companyId, spec.brokers, users, random, now);

  const dispatchers = users.filter((user) => user.role === 5);
  await seedPayTerms(trx, companyId, dispatchers, now);
  const takenNames = [...spec.staff, NEW_USER].map((person) => `${person.first_name} ${person.last_name}`);
  const fleetPlan = planFleet(random, spec.fleet, { now, dispatchers, takenNames });
  const { loads, vehicleStates } = planLoads(
    { random, now, fleet: fleetPlan, brokers, dispatchers },
    spec.loads,
    spec.fleet.inBidVehicles,
  );
  const fleet = await seedFleet(trx, companyId, fleetPlan, vehicleStates, now);
  const loadIds = await seedLoads(trx, companyId, loads, fleet);
  await seedBids(trx, companyId, { random, now, fleetPlan, vehicleStates, loads, loadIds, fleet }, spec.bids);
  await seedPaymentRows(trx, companyId, now);
  await seedDriverSignIn(trx, companyId, spec.driverSignIn, environment);
  await seedGroupChats(trx, companyId, now);
}

async function seedUsers(
  trx: Transaction<Database>,
  companyId: number | null,
  people: (Omit<StaffSpec, 'role'> & { role: StaffSpec['role'] | null })[],
  environment: SeedEnvironment,
  random: Random,
): Promise<SeededUser[]> {
  const rows = await trx
    .insertInto('users')
    .values(
      people.map((person, index) => ({
        company_id: companyId,
        email: person.email,
        password_hash: environment.passwordHash,
        first_name: person.first_name,
        last_name: person.last_name,
        role: person.role,
        lang: person.lang ?? 'en',
        phone_number: phoneNumber(random, person.state),
        created_at: addDays(environment.now, -(540 - index * 20)),
      })),
    )
    .returning('id')
    .execute();
  return ids(rows).map((id, index) => {
    const person = people[index]!;
    return {
      id,
      email: person.email,
      first_name: person.first_name,
      last_name: person.last_name,
      role: person.role,
      workingGroupId: null,
      subgroupId: null,
    };
  });
}

/** Working groups with their leads, subgroups and members; returns the users with their team set. */
async function seedTeams(
  trx: Transaction<Database>,
  companyId: number,
  teams: TeamSpec[],
  users: SeededUser[],
  now: Date,
): Promise<SeededUser[]> {
  const byEmail = new Map(users.map((user) => [user.email, { ...user }]));
  const userId = (email: string) => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`The demo team refers to an unknown user ${email}`);
    return user.id;
  };

  for (const team of teams) {
    const group = await trx
      .insertInto('working_groups')
      .values({
        company_id: companyId,
        group_name: team.name,
        group_lead_id: userId(team.lead),
        created_at: addDays(now, -400),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groupId = Number(group.id);
    const members = [...team.members, ...team.subgroups.flatMap((subgroup) => subgroup.members)];
    if (members.length > 0) {
      await trx
        .insertInto('working_group_members')
        .values(members.map((email) => ({ working_group_id: groupId, user_id: userId(email) })))
        .execute();
    }
    for (const email of [team.lead, ...members]) byEmail.get(email)!.workingGroupId = groupId;

    if (team.subgroups.length > 0) {
      const subgroupIds = ids(
        await trx
          .insertInto('subgroups')
          .values(
            team.subgroups.map((subgroup) => ({
              working_group_id: groupId,
              name: subgroup.name,
              subgroup_lead_id: userId(subgroup.lead),
              created_at: addDays(now, -380),
            })),
          )
          .returning('id')
          .execute(),
      );
      const memberships = team.subgroups.flatMap((subgroup, index) =>
        subgroup.members.map((email) => ({ subgroup_id: subgroupIds[index]!, user_id: userId(email) })),
      );
      await trx.insertInto('subgroup_members').values(memberships).execute();
      for (const membership of memberships) {
        const member = [...byEmail.values()].find((user) => user.id === membership.user_id)!;
        member.subgroupId = membership.subgroup_id;
      }
    }

    await trx
      .updateTable('users')
      .set({ working_group_id: groupId })
      .where('id', 'in', [team.lead, ...members].map(userId))
      .execute();
  }
  return users.map((user) => byEmail.get(user.email)!);
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * Brokers and direct shippers with ratings (and their history), credit checks, a blacklist and a rating
 * queue. Their e-mail domains end in .test, so that nothing the demo sends can reach a real mailbox.
 */
async function seedBrokers(
  trx: Transaction<Database>,
  companyId: number,
  spec: CompanySpec['brokers'],
  users: SeededUser[],
  random: Random,
  now: Date,
): Promise<SeededBroker[]> {
  const byRole = (...roles: number[]) =>
    users.find((user) => user.role !== null && roles.includes(user.role))!;
  const reviewer = byRole(13, 4, 3);
  const accountant = byRole(7, 3);
  const nextName = createNamePicker(random);

  const ratings = random.shuffle(
    ([1, 2, 3, 4, 5] as const).flatMap((rating) =>
      Array.from({ length: spec.ratings[rating] }, () => rating),
    ),
  );
  const usedMcNumbers = new Set<string>();
  const mcNumber = () => {
    for (;;) {
      const candidate = String(random.int(100_000, 1_399_999));
      if (!usedMcNumbers.has(candidate)) {
        usedMcNumbers.add(candidate);
        return candidate;
      }
    }
  };

  type BrokerDraft = Omit<SeededBroker, 'id'> & {
    row: Omit<Insertable<Database['broker_companies']>, 'company_id'>;
  };
  const drafts: BrokerDraft[] = [];
  const addBroker = (name: string, isOtr: boolean, rating: BrokerRating) => {
    const domain = `${slug(name.replace(/ (Inc\.|Co\.|Ltd\.)$/, ''))}.test`;
    const city = random.pick(CITIES);
    const contacts: BrokerContact[] = Array.from({ length: random.int(2, 3) }, () => {
      const person = nextName();
      return {
        ...person,
        phone: phoneNumber(random, city.state),
        email: `${slug(person.first_name)}.${slug(person.last_name)}@${domain}`,
      };
    });
    const referencePrefix = name
      .split(' ')
      .slice(0, 3)
      .map((word) => word[0])
      .join('')
      .toUpperCase();
    drafts.push({
      name,
      is_otr: isOtr,
      rating,
      in_blacklist: false,
      blacklistedAt: null,
      city,
      contacts,
      referencePrefix,
      row: {
        name,
        is_otr: isOtr,
        mc_number: isOtr ? mcNumber() : null,
        dot_number: isOtr ? String(random.int(1_000_000, 3_999_999)) : null,
        brokerage: isOtr ? random.pick(['M', 'S'] as const) : null,
        address: `${random.int(1, 99) * 100} ${random.pick(['Corporate Dr', 'Commerce Pkwy', 'Main St', 'Executive Blvd', 'Market St'])}, Suite ${random.int(1, 9) * 100}`,
        city: city.city,
        state: city.state,
        zip_code: city.zip,
        phone: phoneNumber(random, city.state),
        email: `${isOtr ? 'loads' : 'shipping'}@${domain}`,
        rating,
        notify_no_posting: random.chance(0.2),
        created_at: addDays(now, -random.int(60, 700)),
        updated_at: addDays(now, -random.int(0, 30)),
      },
    });
  };
  spec.names.forEach((name, index) => addBroker(name, true, ratings[index] ?? 1));
  for (const name of spec.shippers) addBroker(name, false, 3);

  const otr = drafts.filter((draft) => draft.is_otr);
  for (const [index, draft] of otr
    .filter((candidate) => candidate.rating === 4)
    .slice(0, spec.blacklisted)
    .entries()) {
    const blacklistedAt = truncateToMinute(addDays(now, -random.float(5, 40)));
    Object.assign(draft, { in_blacklist: true, blacklistedAt });
    Object.assign(draft.row, {
      in_blacklist: true,
      blacklist_reason: BLACKLIST_REASONS[index % BLACKLIST_REASONS.length],
      blacklisted_at: blacklistedAt,
      blacklisted_by: reviewer.id,
    });
  }
  for (const draft of otr.filter((candidate) => candidate.rating === 1).slice(0, spec.ratingRequested)) {
    draft.row.rating_requested_at = truncateToMinute(addHours(now, -random.float(0.2, 20)));
  }
  for (const draft of random.shuffle(otr).slice(0, spec.creditChecks)) {
    const results: CreditCheckResult[] =
      draft.rating === 3 || draft.rating === 1 ? ['Approved'] : ['Declined', 'Needs review'];
    Object.assign(draft.row, {
      credit_check_result: random.pick(results),
      credit_checked_at: truncateToMinute(addDays(now, -random.float(1, 120))),
      credit_checked_by: accountant.id,
    });
  }

  const brokerIds = ids(
    await trx
      .insertInto('broker_companies')
      .values(drafts.map((draft) => ({ ...draft.row, company_id: companyId })))
      .returning('id')
      .execute(),
  );
  const brokers = drafts.map(({ row: _row, ...broker }, index): SeededBroker => ({
    ...broker,
    id: brokerIds[index]!,
  }));

  // Rating history: rated once after a review; a risky broker was often approved first and downgraded later.
  const ratingRows = brokers.flatMap((broker) => {
    if (broker.rating === 1) return [];
    const ratedAt = addDays(now, -random.float(3, 60));
    const row = (rating: BrokerRating, previous: BrokerRating, at: Date) => ({
      broker_company_id: broker.id,
      rating,
      previous_rating: previous,
      comment: random.pick(RATING_COMMENTS[rating]),
      rated_by: reviewer.id,
      created_at: truncateToMinute(at),
    });
    if ((broker.rating === 4 || broker.rating === 5) && random.chance(0.6)) {
      return [row(3, 1, addDays(ratedAt, -random.float(30, 200))), row(broker.rating, 3, ratedAt)];
    }
    return [row(broker.rating, 1, ratedAt)];
  });
  if (ratingRows.length > 0) await trx.insertInto('broker_ratings').values(ratingRows).execute();
  return brokers;
}

type SeededFleet = { ownerIds: number[]; driverIds: number[]; vehicleIds: number[] };

async function seedFleet(
  trx: Transaction<Database>,
  companyId: number,
  plan: FleetPlan,
  states: VehicleState[],
  now: Date,
): Promise<SeededFleet> {
  const ownerIds = ids(
    await trx
      .insertInto('owners')
      .values(
        plan.owners.map(({ homeCity: _homeCity, ...owner }, index) => ({
          ...owner,
          company_id: companyId,
          created_at: addDays(now, -(700 - index * 11)),
        })),
      )
      .returning('id')
      .execute(),
  );
  const driverIds = ids(
    await trx
      .insertInto('drivers')
      .values(
        plan.drivers.map(({ ownerIndex, ...driver }, index) => ({
          ...driver,
          company_id: companyId,
          owner_id: ownerIds[ownerIndex]!,
          created_at: addDays(now, -(650 - index * 7)),
        })),
      )
      .returning('id')
      .execute(),
  );
  const vehicleIds = ids(
    await trx
      .insertInto('vehicles')
      .values(
        plan.vehicles.map((vehicle, index) => {
          const state = states[index]!;
          const dispatcherId = vehicle.dispatcher.id;
          return {
            company_id: companyId,
            unit_id: vehicle.unit_id,
            transport_type: vehicle.transport_type,
            status: state.status,
            model: vehicle.model,
            year: vehicle.year,
            width_in: vehicle.width_in,
            height_in: vehicle.height_in,
            length_in: vehicle.length_in,
            payload_lbs: vehicle.payload_lbs,
            vin: vehicle.vin,
            license_plate: vehicle.license_plate,
            license_state: vehicle.license_state,
            license_expiry: vehicle.license_expiry,
            insurance_expiry: vehicle.insurance_expiry,
            equipment: JSON.stringify(vehicle.equipment),
            dispatcher_id: dispatcherId,
            owner_id: ownerIds[vehicle.ownerIndex]!,
            active_driver_id: driverIds[vehicle.activeDriverIndex]!,
            working_group_id: vehicle.dispatcher.workingGroupId,
            location_address: state.location.address,
            location_city: state.location.city.city,
            location_state: state.location.city.state,
            location_zip_code: state.location.city.zip,
            location_country: state.location.city.country,
            location_lat: state.location.lat,
            location_lon: state.location.lon,
            location_updated_by: dispatcherId,
            location_updated_at: state.locationUpdatedAt,
            future_location_address: state.future?.address ?? null,
            future_location_city: state.future?.city.city ?? null,
            future_location_state: state.future?.city.state ?? null,
            future_location_zip_code: state.future?.city.zip ?? null,
            future_location_country: state.future?.city.country ?? null,
            future_location_lat: state.future?.lat ?? null,
            future_location_lon: state.future?.lon ?? null,
            future_location_available_date: state.future?.availableAt ?? null,
            future_location_updated_by: state.future ? dispatcherId : null,
            future_location_updated_at: state.future?.updatedAt ?? null,
            location_status: state.locationStatus,
            is_tracking_active: state.trackingActive,
            inactive_tracking_until: state.inactiveTrackingUntil,
            can_bid_while_on_load: state.canBidWhileOnLoad,
            status_updated_by: dispatcherId,
            status_updated_at: state.statusUpdatedAt,
            created_at: addDays(now, -(600 - index * 9)),
            updated_at: state.locationUpdatedAt,
          };
        }),
      )
      .returning('id')
      .execute(),
  );
  await trx
    .insertInto('vehicle_drivers')
    .values(
      plan.vehicles.flatMap((vehicle, index) =>
        vehicle.driverIndexes.map((driverIndex) => ({
          vehicle_id: vehicleIds[index]!,
          driver_id: driverIds[driverIndex]!,
        })),
      ),
    )
    .execute();
  return { ownerIds, driverIds, vehicleIds };
}

/** The accounting list a load is in: checkout 1, completed 8, canceled 9; active loads have none yet. */
function accountingStatusOf(status: LoadStatus): number | null {
  if (status === 8 || status === 9) return 1;
  if (status === 10 || status === 11) return 8;
  if (status === 12) return 9;
  return null;
}

/** Loads with their points, status history and document metadata; returns the load ids in plan order. */
async function seedLoads(
  trx: Transaction<Database>,
  companyId: number,
  loads: LoadPlan[],
  fleet: SeededFleet,
): Promise<number[]> {
  const loadRows = loads.map((load, index): Insertable<LoadsTable> => {
    const pickUp = load.points[0]!;
    const delivery = load.points[load.points.length - 1]!;
    // The week of its pick-up, and from checkout on the week it entered checkout (delivered or TONU), as the
    // product sets it (loads' listEntryValues).
    const enteredCheckout = load.steps.find((step) => step.status === 8 || step.status === 9)?.at;
    const accountingWeek = accountingWeekOf(enteredCheckout ?? pickUp.date);
    const brokerName = `${load.contact.first_name} ${load.contact.last_name}`;
    return {
      company_id: companyId,
      status: load.status,
      accounting_status: accountingStatusOf(load.status),
      // Numbered in the order the loads were created, from 1 in each company.
      load_accounting_number: index + 1,
      load_accounting_week: accountingWeek.week,
      load_accounting_year: accountingWeek.year,
      broker_company_id: load.broker.id,
      accounting_broker_company_id: load.broker.id,
      broker_name: brokerName,
      broker_phone: load.contact.phone,
      reply_email: load.contact.email,
      rateconf_ref: load.rateconfRef,
      pays_cents: load.brokerPriceCents,
      broker_price_cents: load.brokerPriceCents,
      driver_price_cents: load.driverPriceCents,
      ...load.cargo,
      vehicle_type: load.vehicleType,
      note: load.note,
      ...load.flags,
      equipment: JSON.stringify(load.equipment),
      pick_up_datetime: pickUp.date,
      delivery_datetime: delivery.date,
      miles: load.miles,
      source: load.source,
      dispatcher_id: load.dispatcher.id,
      driver_id: load.driverIndex === null ? null : fleet.driverIds[load.driverIndex]!,
      vehicle_id: load.vehicleIndex === null ? null : fleet.vehicleIds[load.vehicleIndex]!,
      working_group_id: load.dispatcher.workingGroupId,
      subgroup_id: load.dispatcher.subgroupId,
      ...(load.emailNotifications
        ? {
            email_notifications_status: 'Active' as const,
            email_notifications_interval: 120,
            email_notifications_location_flag: true,
            email_notifications_load_status_flag: true,
            location_update_emails: JSON.stringify([load.contact.email]),
          }
        : {}),
      // Loads waiting to be accepted are on the load board since they came in; the ones the fleet won are
      // marked booked after the bids (seedBids).
      ...(load.status === 1 ? { board_status: 'posted' as const, posted_at: load.createdAt } : {}),
      created_by: load.dispatcher.id,
      delivered_at: load.deliveredAt,
      completed_at: load.completedAt,
      canceled_at: load.canceledAt,
      created_at: load.createdAt,
      updated_at: load.steps[load.steps.length - 1]?.at ?? load.createdAt,
    };
  });
  const loadIds = ids(await trx.insertInto('loads').values(loadRows).returning('id').execute());

  await trx
    .insertInto('load_points')
    .values(
      loads.flatMap((load, index) =>
        load.points.map((point, order) => ({
          load_id: loadIds[index]!,
          point_order: order + 1,
          type: point.type,
          address: point.address,
          city: point.city.city,
          state: point.city.state,
          zip_code: point.city.zip,
          country: point.city.country,
          lat: point.lat,
          lon: point.lon,
          date: point.date,
          is_active: point.is_active,
        })),
      ),
    )
    .execute();

  await trx
    .insertInto('load_history')
    .values(
      loads.flatMap((load, index) =>
        load.steps.map((step, stepIndex) => {
          const previous = load.steps[stepIndex - 1];
          return previous
            ? {
                load_id: loadIds[index]!,
                user_id: load.dispatcher.id,
                action: 'status',
                field: 'status',
                before: JSON.stringify(previous.status),
                after: JSON.stringify(step.status),
                created_at: step.at,
              }
            : {
                load_id: loadIds[index]!,
                user_id: load.dispatcher.id,
                action: 'create',
                field: null,
                before: null,
                after: JSON.stringify({ status: step.status }),
                created_at: step.at,
              };
        }),
      ),
    )
    .execute();

  // The documents each status requires, uploaded just before the load moved to it. Only the metadata
  // is seeded; the files themselves are not on disk.
  const documents: { status: LoadStatus; type: LoadFileType; prefix: string }[] = [
    { status: 2, type: 'rate_confirmation', prefix: 'RateConf' },
    { status: 4, type: 'bill_of_lading', prefix: 'BOL' },
    { status: 8, type: 'proof_of_delivery', prefix: 'POD' },
  ];
  const fileRows = loads.flatMap((load, index) =>
    documents.flatMap((document, documentIndex) => {
      const step = load.steps.find((candidate) => candidate.status === document.status);
      if (!step) return [];
      const name = `${document.prefix}-${padAccountingNumber(index + 1)}.pdf`;
      return [
        {
          load_id: loadIds[index]!,
          file_type: document.type,
          name,
          storage_path: `demo/loads/${loadIds[index]!}/${name}`,
          size_bytes: 90_000 + ((index * 7919 + documentIndex * 104_729) % 760_000),
          mime_type: 'application/pdf',
          uploaded_by: load.dispatcher.id,
          created_at: addMinutes(step.at, -3),
        },
      ];
    }),
  );
  if (fileRows.length > 0) await trx.insertInto('load_files').values(fileRows).execute();
  return loadIds;
}

async function seedBids(
  trx: Transaction<Database>,
  companyId: number,
  context: {
    random: Random;
    now: Date;
    fleetPlan: FleetPlan;
    vehicleStates: VehicleState[];
    loads: LoadPlan[];
    loadIds: number[];
    fleet: SeededFleet;
  },
  counts: CompanySpec['bids'],
): Promise<void> {
  const { fleet, loadIds } = context;
  const bids = planBids(
    {
      random: context.random,
      now: context.now,
      fleet: context.fleetPlan,
      vehicleStates: context.vehicleStates,
      loads: context.loads,
    },
    counts,
  );
  if (bids.length === 0) return;
  // A won bid booked its load from the board: the load left the board as booked when it came in.
  const bookedIds = [
    ...new Set(bids.filter((bid) => bid.status === 2).map((bid) => loadIds[bid.loadIndex]!)),
  ];
  if (bookedIds.length > 0) {
    await trx
      .updateTable('loads')
      .set((eb) => ({ board_status: 'booked', posted_at: eb.ref('created_at') }))
      .where('id', 'in', bookedIds)
      .execute();
  }
  // A driver bids on a load the dispatcher forwarded to the driver's unit a few minutes before.
  const forwards = new Map<string, { load_id: number; vehicle_id: number; by: number; at: Date }>();
  for (const bid of bids.filter((candidate) => candidate.kind === 'driver')) {
    const at = addMinutes(bid.createdAt, -(3 + (bid.loadIndex % 9)));
    forwards.set(`${bid.loadIndex}:${bid.vehicleIndex}`, {
      load_id: loadIds[bid.loadIndex]!,
      vehicle_id: fleet.vehicleIds[bid.vehicleIndex]!,
      by: bid.dispatcher.id,
      at,
    });
  }
  if (forwards.size > 0) {
    await trx
      .insertInto('load_forwards')
      .values(
        [...forwards.values()].map((forward) => ({
          company_id: companyId,
          load_id: forward.load_id,
          vehicle_id: forward.vehicle_id,
          forwarded_by: forward.by,
          forwarded_at: forward.at,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('bids')
    .values(
      bids.map((bid) => ({
        company_id: companyId,
        load_id: loadIds[bid.loadIndex]!,
        kind: bid.kind,
        status: bid.status,
        vehicle_id: fleet.vehicleIds[bid.vehicleIndex]!,
        driver_id: bid.driverIndex === null ? null : fleet.driverIds[bid.driverIndex]!,
        dispatcher_id: bid.dispatcher.id,
        price_cents: bid.priceCents,
        driver_price_cents: bid.driverPriceCents,
        miles_out: bid.milesOut,
        eta_at: bid.etaAt,
        email_to: bid.emailTo,
        email_subject: bid.emailSubject,
        message: bid.message,
        forwarded_at: bid.forwardedAt,
        rejected_reason: bid.rejectedReason,
        rejected_by: bid.rejectedBy?.id ?? null,
        rejected_at: bid.rejectedAt,
        // The bid limits count from when a driver placed the bid.
        placed_at: bid.kind === 'driver' ? bid.createdAt : null,
        created_at: bid.createdAt,
        updated_at: bid.rejectedAt ?? bid.forwardedAt ?? bid.createdAt,
      })),
    )
    .execute();
}
