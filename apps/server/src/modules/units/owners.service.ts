import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import type {
  Contact,
  ContactSearchQuery,
  Owner,
  OwnerCompaniesQuery,
  OwnerCompaniesResponse,
  OwnerCreate,
  OwnerListQuery,
  OwnerUpdate,
} from '@app/domain/units/units.schema';
import { phoneForViewer } from '@app/domain/units/vehicle.rules';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { unitsEvents } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { chatsOfContacts, type ContactChatsOf, fullName, toContact } from './contacts';
import * as repository from './owners.repository';
import { callerSeesPhones, textSearchOf } from './phone-visibility';

// Vehicle owners: the list, creating and editing them (the wage visibility switch sends one field of the
// update), the owners' company names for a picker, and owners as contacts. Phone numbers follow the units'
// one rule (phone-visibility.ts). An owner created or edited publishes update_units { kind: 'owner' }
// after commit (the product's own event), so colleagues' owners lists and pickers show it; a new name or
// company also { kind: 'vehicle' } and { kind: 'driver' } for the owner's vehicles and drivers.

export type OwnersService = ReturnType<typeof createOwnersService>;

export type OwnersDeps = {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  log?: ErrorLog;
  /**
   * The chats of the contacts of GET users/search/drivers (the chats and SMS areas, wired by the app).
   */
  contactChatsOf?: ContactChatsOf;
};

/** The fields of an owner that the vehicles and drivers lists show. */
const NAMES = ['first_name', 'last_name', 'company_name'] as const;

function toOwner(row: repository.OwnerRow, seesPhones: boolean): Owner {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row.first_name, row.last_name),
    company_name: row.company_name,
    phone_number: phoneForViewer(row.phone_number, seesPhones),
    email: row.email,
    is_wage_visible: row.is_wage_visible,
    is_active: row.is_active,
    drivers_count: row.drivers_count,
    vehicles_count: row.vehicles_count,
    created_date: row.created_at.toISOString(),
  };
}

export function createOwnersService(deps: OwnersDeps) {
  const { db, now = () => new Date() } = deps;
  const unit = createUnitOfWork(deps);

  async function ownerCard(caller: CompanyCaller, id: number): Promise<Owner> {
    const [row, seesPhones] = await Promise.all([
      repository.findOwnerRow(db, caller.companyId, id),
      callerSeesPhones(db, caller),
    ]);
    if (!row) throw notFound();
    return toOwner(row, seesPhones);
  }

  return {
    /** GET users/owners: count and page in two queries, whatever the page size. */
    async list(caller: CompanyCaller, query: OwnerListQuery): Promise<ListResponse<Owner>> {
      const seesPhones = await callerSeesPhones(db, caller);
      const filters: repository.OwnerFilters = {
        search: textSearchOf(query.search, seesPhones),
        company_name: query.company_name,
        is_active: query.is_active,
      };
      const [count, rows] = await Promise.all([
        repository.countOwners(db, caller.companyId, filters),
        repository.findOwnerPage(db, caller.companyId, filters, {
          limit: query.limit,
          offset: pageOffset(query),
        }),
      ]);
      return { count, results: rows.map((row) => toOwner(row, seesPhones)) };
    },

    /** GET users/owners/{id}: one owner, for the edit form. */
    detail: (caller: CompanyCaller, id: number) => ownerCard(caller, id),

    /** POST users/owners/create */
    async create(caller: CompanyCaller, body: OwnerCreate): Promise<Owner> {
      const id = await unit.run(async (trx, outbox) => {
        const ownerId = await repository.insertOwner(trx, caller.companyId, body, now());
        outbox.push(...unitsEvents('owner', caller.companyId, [ownerId]));
        return ownerId;
      });
      return ownerCard(caller, id);
    },

    /** PUT users/owners/{id}/update: only the fields sent change. */
    async update(caller: CompanyCaller, id: number, body: OwnerUpdate): Promise<Owner> {
      const values = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as Partial<repository.OwnerValues>;
      const updated = await unit.run(async (trx, outbox) => {
        const found = await repository.updateOwner(trx, caller.companyId, id, values, now());
        if (!found) return false;
        outbox.push(...unitsEvents('owner', caller.companyId, [id]));
        if (NAMES.some((field) => values[field] !== undefined)) {
          // The vehicles and drivers lists show the owner's name and company beside each of them.
          const owned = await repository.findOwnedUnitIds(trx, caller.companyId, id);
          outbox.push(
            ...unitsEvents('vehicle', caller.companyId, owned.vehicleIds),
            ...unitsEvents('driver', caller.companyId, owned.driverIds),
          );
        }
        return true;
      });
      if (!updated) throw notFound();
      return ownerCard(caller, id);
    },

    /** GET users/owner-companies?name */
    async companies(caller: CompanyCaller, query: OwnerCompaniesQuery): Promise<OwnerCompaniesResponse> {
      return {
        results: await repository.findOwnerCompanies(db, caller.companyId, query.name, query.limit),
      };
    },

    /** GET users/search/drivers?entity=owner: active owners, to call, text or chat with. */
    async contacts(caller: CompanyCaller, query: ContactSearchQuery): Promise<Contact[]> {
      const seesPhones = await callerSeesPhones(db, caller);
      const rows = await repository.findOwnerContacts(
        db,
        caller.companyId,
        textSearchOf(query.search, seesPhones),
        query.limit,
      );
      const chatsOf = await chatsOfContacts(deps.contactChatsOf, caller.companyId, 'owner', rows);
      return rows.map((row) =>
        toContact(
          'owner',
          row,
          { unit_id: row.unit_id, company_name: row.company_name },
          seesPhones,
          chatsOf(row.id),
        ),
      );
    },
  };
}
