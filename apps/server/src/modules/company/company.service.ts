import {
  toPropositionSettings,
  type PropositionSettings,
  type PropositionSettingsUpdate,
} from '@app/domain/company/proposition-settings.schema';
import { createHash, randomBytes } from 'node:crypto';
import type { CompanySettings, CompanyUpdate } from '@app/domain/company/company.schema';
import type { IntakeKeyCreated, IntakeKeyStatus } from '@app/domain/loadboard/intake.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { companyUpdatedEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './company.repository';
import type { CompanySettingsRow } from './company.repository';

export type CompanyService = ReturnType<typeof createCompanyService>;

export type PaySettings = Pick<CompanySettings, 'paysheet_weekday' | 'paysheet_time' | 'quickpay_percent'>;

/** A load intake key: 'ik_' and 32 random bytes in base64url. */
const INTAKE_KEY_PATTERN = /^ik_[A-Za-z0-9_-]{43}$/;

function newIntakeKey(): string {
  return `ik_${randomBytes(32).toString('base64url')}`;
}

function intakeKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The caller's own company settings. The parts of the product that follow a setting read it when they
 * need it (users/my's company_instance, the maps key the geo service asks this service for, the phone
 * visibility of the people and vehicle lists, the documents a load status move asks for), so a save takes
 * effect on their next request. The spec has no realtime event for a company change; each save publishes
 * the product's own update_company, so that colleagues' open pages read the current user and the settings
 * again (the menu, phone visibility and maps follow at once).
 */
export function createCompanyService(deps: { db: Db; bus: EventBus; log?: ErrorLog; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);
  /** Each change is one statement, committed when it returns: the event goes out after it. */
  const published = async <Result>(companyId: number, result: Result): Promise<Result> => {
    await unit.publish([companyUpdatedEvent(companyId)]);
    return result;
  };
  return {
    async settings(caller: CompanyCaller): Promise<CompanySettings> {
      const row = await repository.findCompanySettings(db, caller.companyId);
      if (!row) throw notFound();
      return toSettings(row);
    },

    /** The caller's company's Google Maps key, trimmed; null when it has none. */
    async mapsKey(caller: CompanyCaller): Promise<string | null> {
      return (await repository.findMapsKey(db, caller.companyId))?.trim() || null;
    },

    /**
     * The company's pay-sheet schedule (weekday Monday 0 .. Sunday 6 and HH:MM, Eastern; null: none) and its
     * quick pay deduction percent, for the payments and the scheduled pay sheets. 404 for no such company.
     */
    async paySettings(companyId: number): Promise<PaySettings> {
      const row = await repository.findPaySettings(db, companyId);
      if (!row) throw notFound();
      return {
        paysheet_weekday: row.paysheet_weekday,
        paysheet_time: row.paysheet_time,
        quickpay_percent: Number(row.quickpay_percent),
      };
    },

    /** GET company/my/intake-key: whether the company has a load intake key and since when (never the key). */
    async intakeKeyStatus(caller: CompanyCaller): Promise<IntakeKeyStatus> {
      const createdAt = await repository.findIntakeKeyCreatedAt(db, caller.companyId);
      if (createdAt === undefined) throw notFound();
      return { has_key: createdAt !== null, created_at: createdAt?.toISOString() ?? null };
    },

    /**
     * POST company/my/intake-key/rotate: a new load intake key, answered this once and stored as its
     * SHA-256 only (a random 256-bit key needs no slow hash); the key before it stops working at once.
     */
    async rotateIntakeKey(caller: CompanyCaller): Promise<IntakeKeyCreated> {
      const key = newIntakeKey();
      const at = now();
      if (!(await repository.setIntakeKeyHash(db, caller.companyId, intakeKeyHash(key), at)))
        throw notFound();
      return published(caller.companyId, { key, created_at: at.toISOString() });
    },

    /** DELETE company/my/intake-key: postings with the key are refused from now on. */
    async removeIntakeKey(caller: CompanyCaller): Promise<IntakeKeyStatus> {
      if (!(await repository.setIntakeKeyHash(db, caller.companyId, null, now()))) throw notFound();
      return published(caller.companyId, { has_key: false, created_at: null });
    },

    /** The company whose load intake key this is, or null (the intake answers 401). */
    async companyOfIntakeKey(key: string): Promise<number | null> {
      if (!INTAKE_KEY_PATTERN.test(key)) return null;
      return (await repository.findCompanyIdByIntakeKeyHash(db, intakeKeyHash(key))) ?? null;
    },

    /** GET company/my/propositions: the proposition template and SMTP settings, never the password. */
    async propositionSettings(caller: CompanyCaller): Promise<PropositionSettings> {
      const row = await repository.findPropositionSettings(db, caller.companyId);
      if (!row) throw notFound();
      return toPropositionSettings(row);
    },

    /** PUT company/my/propositions/update: the whole section; a password left out keeps the saved one. */
    async updatePropositionSettings(
      caller: CompanyCaller,
      update: PropositionSettingsUpdate,
    ): Promise<PropositionSettings> {
      const row = await repository.updatePropositionSettings(db, caller.companyId, update, now());
      if (!row) throw notFound();
      return published(caller.companyId, toPropositionSettings(row));
    },

    async update(caller: CompanyCaller, update: CompanyUpdate): Promise<CompanySettings> {
      const row = await repository.updateCompanySettings(db, caller.companyId, update, now());
      if (!row) throw notFound();
      return published(caller.companyId, toSettings(row));
    },
  };
}

function toSettings(row: CompanySettingsRow): CompanySettings {
  return {
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    google_maps_key: row.google_maps_key,
    map_tiles_url: row.map_tiles_url,
    call_system: row.call_system,
    language_select: row.language_select,
    disable_some_menu_items: row.disable_some_menu_items,
    enable_address_language_notice: row.enable_address_language_notice,
    is_visible_phone_numbers: row.is_visible_phone_numbers,
    can_dispatchers_search_loads_for_on_load_unit: row.can_dispatchers_search_loads_for_on_load_unit,
    board_expiry_hours: row.board_expiry_hours,
    required_documents: row.required_documents as CompanySettings['required_documents'],
    paysheet_weekday: row.paysheet_weekday,
    paysheet_time: row.paysheet_time,
    // numeric arrives as exact text ('2.50').
    quickpay_percent: Number(row.quickpay_percent),
  };
}
