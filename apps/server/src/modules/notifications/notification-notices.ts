import { ROLES, type Lang, type RoleId } from '@app/domain/common/lookups';
import { formatUsd } from '@app/domain/common/money';
import { loadStatusDisplayName } from '@app/domain/loads/loads.rules';
import { noPostingContent, noPostingLabel } from '@app/domain/loadboard/intake.rules';
import type { NotificationTrackingInfo } from '@app/domain/notifications/notifications.schema';
import { menuRoles } from '@app/domain/shell/menu.rules';
import type { RoleColumn } from '../../db/schema';
import type { Db } from '../../db/types';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { easternDateTimeText, loadLabel } from './notification-shape';
import * as repository from './notifications.repository';
import type { LoadTeam, NotifyInput } from './notifications.service';

// The notices other modules raise on their changes (load status, prices, tracking, damage, no posting): who
// gets each is in the table at the top of notifications.service.ts. Each answers the events to publish
// after the caller's transaction commits.

/** Who may open the vehicles page, where a tracking notice leads. */
const VEHICLE_VIEWER_ROLES: readonly RoleId[] = menuRoles('vehicles');
const TRACKER_ROLE: RoleColumn = ROLES.tracker;
const MANAGER_ROLE: RoleColumn = ROLES.manager;
const DISPATCHER_ROLE: RoleColumn = ROLES.dispatcher;
/** Who works the load board, where a no-posting notice leads. */
const LOADBOARD_ROLES: readonly RoleId[] = menuRoles('loadboard');

/** A vehicle the tracking watch reports on, with its last location and the active load it is on. */
export type TrackedVehicle = {
  id: number;
  unit_id: string;
  dispatcher_id: number | null;
  /** The load of the active list that has the vehicle, if any. */
  load_id: number | null;
  location_updated_at: Date | null;
  location: NotificationTrackingLocation | null;
};

export type NotificationTrackingLocation = NonNullable<NotificationTrackingInfo['last_location']>;

const UNIT_LABEL: Record<Lang, string> = { en: 'Unit', ru: 'Юнит' };
const STATUS_LABEL: Record<Lang, string> = { en: 'Status', ru: 'Статус' };
const BROKER_PRICE_LABEL: Record<Lang, string> = { en: 'Broker price', ru: 'Ставка брокера' };
const DRIVER_PRICE_LABEL: Record<Lang, string> = { en: 'Driver price', ru: 'Ставка водителя' };

/** 'Dallas, TX', or the address when the city is not known; null when the vehicle has no location. */
function placeText(location: NotificationTrackingLocation | null): string | null {
  if (!location) return null;
  const cityState = [location.city, location.state].filter(Boolean).join(', ');
  return cityState || location.address || null;
}

/** The content of a tracking notice, in the recipient's language. */
function trackingContent(kind: 'stopped' | 'resumed', vehicle: TrackedVehicle, lang: Lang): string {
  const place = placeText(vehicle.location);
  const at = vehicle.location_updated_at ? easternDateTimeText(vehicle.location_updated_at) : null;
  if (kind === 'stopped') {
    const since = at ?? (lang === 'ru' ? 'давно' : 'a long time');
    const where = place ? ` (${place})` : '';
    return lang === 'ru'
      ? `Перестал передавать местоположение: последнее обновление ${since}${where}`
      : `Stopped reporting its location: last update ${since}${where}`;
  }
  const details = [place, at].filter(Boolean).join(', ');
  const suffix = details ? `: ${details}` : '';
  return lang === 'ru' ? `Снова передаёт местоположение${suffix}` : `Reporting its location again${suffix}`;
}

type NoticeDeps = {
  notify: (trx: Db, input: NotifyInput) => Promise<RealtimeEvent[]>;
  /** The people of the load's team: with the members, or the leads only. */
  loadTeam: (trx: Db, companyId: number, load: LoadTeam, withMembers: boolean) => Promise<number[]>;
};

export function createNotices({ notify, loadTeam }: NoticeDeps) {
  return {
    /**
     * A load's status moved: a transient load status notification (type 100) for its dispatcher and team
     * who may see its new list (`roles`). Answers the events to publish after commit.
     */
    async loadStatusChanged(
      trx: Db,
      input: {
        companyId: number;
        actorUserId: number;
        load: LoadTeam;
        from: number;
        to: number;
        roles: readonly RoleId[];
      },
    ): Promise<RealtimeEvent[]> {
      const { load, from, to } = input;
      const userIds = await loadTeam(trx, input.companyId, load, true);
      return notify(trx, {
        companyId: input.companyId,
        userIds,
        type: 100,
        loadId: load.id,
        actor: { userId: input.actorUserId },
        roles: input.roles,
        details: { load_status: { id: load.id, status: to, previous_status: from } },
        label: (lang, current) => loadLabel(current ?? { id: load.id, load_accounting_number: null }, lang),
        content: (lang) =>
          `${STATUS_LABEL[lang]}: ${loadStatusDisplayName(from, null, lang)} → ${loadStatusDisplayName(to, null, lang)}`,
      });
    },

    /**
     * A load's broker or driver price changed: a rate notice (type 8) with the prices before and after,
     * for its dispatcher and team leads who may see its list. Nothing when neither price changed.
     */
    async loadPricesChanged(
      trx: Db,
      input: {
        companyId: number;
        actorUserId: number;
        load: LoadTeam;
        before: { broker_price_cents: number; driver_price_cents: number };
        after: { broker_price_cents: number; driver_price_cents: number };
        roles: readonly RoleId[];
      },
    ): Promise<RealtimeEvent[]> {
      const { load, before, after } = input;
      if (
        before.broker_price_cents === after.broker_price_cents &&
        before.driver_price_cents === after.driver_price_cents
      ) {
        return [];
      }
      const userIds = await loadTeam(trx, input.companyId, load, false);
      const change = (label: Record<Lang, string>, lang: Lang, from: number, to: number) =>
        `${label[lang]} ${formatUsd(from)} → ${formatUsd(to)}`;
      return notify(trx, {
        companyId: input.companyId,
        userIds,
        type: 8,
        loadId: load.id,
        actor: { userId: input.actorUserId },
        roles: input.roles,
        details: (current) => ({
          ...(current ? { load_info: current } : {}),
          broker_price_cents: after.broker_price_cents,
          old_broker_price_cents: before.broker_price_cents,
          driver_price_cents: after.driver_price_cents,
          old_driver_price_cents: before.driver_price_cents,
        }),
        label: (lang, current) => loadLabel(current ?? { id: load.id, load_accounting_number: null }, lang),
        content: (lang) =>
          [
            change(BROKER_PRICE_LABEL, lang, before.broker_price_cents, after.broker_price_cents),
            change(DRIVER_PRICE_LABEL, lang, before.driver_price_cents, after.driver_price_cents),
          ].join('; '),
      });
    },

    /**
     * A tracked vehicle stopped reporting its location (type 5) or reports it again (type 6): for its
     * dispatcher and the company's trackers, or its managers when there is neither (see the table at the
     * top). Answers the events to publish after commit.
     */
    async vehicleTrackingChanged(
      trx: Db,
      input: { companyId: number; kind: 'stopped' | 'resumed'; vehicle: TrackedVehicle },
    ): Promise<RealtimeEvent[]> {
      const { companyId, kind, vehicle } = input;
      const staff = await repository.findCompanyUsersWithRoles(trx, companyId, [TRACKER_ROLE, MANAGER_ROLE]);
      const trackers = staff.filter((user) => user.role === TRACKER_ROLE).map((user) => user.id);
      const watchers = vehicle.dispatcher_id === null ? trackers : [vehicle.dispatcher_id, ...trackers];
      const managers = staff.filter((user) => user.role === MANAGER_ROLE).map((user) => user.id);
      const notice = (userIds: readonly number[]) =>
        notify(trx, {
          companyId,
          userIds,
          type: kind === 'stopped' ? 5 : 6,
          roles: VEHICLE_VIEWER_ROLES,
          details: {
            tracking_info: {
              vehicle_id: vehicle.id,
              unit_id: vehicle.unit_id,
              load_id: vehicle.load_id,
              last_update_time: vehicle.location_updated_at?.toISOString() ?? null,
              last_location: vehicle.location,
            },
          },
          label: (lang) => `${UNIT_LABEL[lang]} ${vehicle.unit_id}`,
          content: (lang) => trackingContent(kind, vehicle, lang),
        });
      const events = await notice(watchers);
      // Nobody who watches it may be told (no dispatcher, no tracker): its managers are.
      return events.length > 0 ? events : notice(managers);
    },

    /**
     * A user reported damage on a load: a damage notice (type 9, replacing the recipient's unread one for
     * the load) with the description, for the load's dispatcher, its team leads and the company's managers
     * who may see its list (`roles`); never the reporter. Answers the events to publish after commit.
     */
    async loadDamageReported(
      trx: Db,
      input: {
        companyId: number;
        actorUserId: number;
        load: LoadTeam;
        description: string;
        roles: readonly RoleId[];
      },
    ): Promise<RealtimeEvent[]> {
      const { load } = input;
      const [team, managers] = await Promise.all([
        loadTeam(trx, input.companyId, load, false),
        repository.findCompanyUsersWithRoles(trx, input.companyId, [MANAGER_ROLE]),
      ]);
      return notify(trx, {
        companyId: input.companyId,
        userIds: [...team, ...managers.map((user) => user.id)],
        type: 9,
        loadId: load.id,
        actor: { userId: input.actorUserId },
        roles: input.roles,
        details: (current) => (current ? { load_info: current } : {}),
        label: (lang, current) => loadLabel(current ?? { id: load.id, load_accounting_number: null }, lang),
        content: input.description,
      });
    },

    /**
     * A broker the dispatchers follow (notify_no_posting) has posted no load for a day (the load intake's
     * no-posting watch): a load info notice (type 4) for the company's dispatchers who see the load board.
     * Answers the events to publish after commit.
     */
    async brokerStoppedPosting(
      trx: Db,
      input: { companyId: number; broker: { id: number; name: string; last_posted_at: Date } },
    ): Promise<RealtimeEvent[]> {
      const dispatchers = await repository.findCompanyUsersWithRoles(trx, input.companyId, [DISPATCHER_ROLE]);
      return notify(trx, {
        companyId: input.companyId,
        userIds: dispatchers.map((user) => user.id),
        type: 4,
        roles: LOADBOARD_ROLES,
        label: (lang) => noPostingLabel(lang),
        content: (lang) => noPostingContent(lang, input.broker.name, input.broker.last_posted_at),
      });
    },
  };
}
