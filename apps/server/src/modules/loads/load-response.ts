import { centsToAmount } from '@app/domain/common/money';
import {
  EMAIL_NOTIFICATION_TYPE_IDS,
  LOAD_HISTORY_ACTIONS,
  type EmailNotificationType,
  type Load,
  type LoadFile,
  type LoadHistoryAction,
  type LoadHistoryEntry,
} from '@app/domain/loads/loads.schema';
import { transitTimeHours } from '@app/domain/geo/geo.rules';
import { loadStatusDisplayName, padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { FileRow } from './load-files.repository';
import type { HistoryRow } from './load-history.repository';
import type { PointRow } from './load-points.repository';
import type { LoadRow } from './loads.repository';

// Rows as the API answers them: money in dollars, times as ISO 8601, people as { id, names }.

export function fileDownloadUrl(fileId: number): string {
  return `/backend/api/v2/loads/files/${fileId}/download`;
}

const person = (id: number | null, firstName: string | null, lastName: string | null) =>
  id === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '' };

export function toLoadFile(row: FileRow): LoadFile {
  return {
    id: row.id,
    file_type: row.file_type,
    name: row.name,
    size: row.size_bytes,
    mime_type: row.mime_type,
    url: fileDownloadUrl(row.id),
    uploaded_by: person(row.uploaded_by, row.uploader_first_name, row.uploader_last_name),
    created_date: row.created_at.toISOString(),
  };
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function emailNotificationType(value: string | null): EmailNotificationType {
  return (EMAIL_NOTIFICATION_TYPE_IDS as readonly string[]).includes(value ?? '')
    ? (value as EmailNotificationType)
    : 'interval';
}

/** A load with its own points (in order) and files. */
export function toLoad(row: LoadRow, points: readonly PointRow[], files: readonly FileRow[]): Load {
  return {
    id: row.id,
    status: row.status,
    status_name: loadStatusDisplayName(row.status),
    accounting_status: row.accounting_status,
    load_accounting_number: row.load_accounting_number,
    load_accounting_number_display:
      row.load_accounting_number === null ? null : padAccountingNumber(row.load_accounting_number),
    load_accounting_week: row.load_accounting_week,
    load_accounting_year: row.load_accounting_year,
    broker_company:
      row.broker_company_id === null || row.broker_company_name === null
        ? null
        : {
            id: row.broker_company_id,
            name: row.broker_company_name,
            mc_number: row.broker_company_mc_number,
            rating: row.broker_company_rating ?? 1,
            in_blacklist: row.broker_company_in_blacklist ?? false,
          },
    accounting_broker_company:
      row.accounting_broker_company_id === null || row.accounting_broker_company_name === null
        ? null
        : { id: row.accounting_broker_company_id, name: row.accounting_broker_company_name },
    broker_name: row.broker_name,
    broker_phone: row.broker_phone,
    reply_email: row.reply_email,
    rateconf_ref: row.rateconf_ref,
    pays: row.pays_cents === null ? null : centsToAmount(row.pays_cents),
    broker_price: centsToAmount(row.broker_price_cents),
    driver_price: centsToAmount(row.driver_price_cents),
    weight: row.weight,
    pieces: row.pieces,
    length: row.length,
    width: row.width,
    height: row.height,
    vehicle_type: row.vehicle_type as Load['vehicle_type'],
    note: row.note,
    dock_level: row.dock_level,
    isDanger: row.is_danger,
    isUrgent: row.is_urgent,
    isCanPutOnTop: row.is_can_put_on_top,
    equipment: row.equipment,
    pick_up_datetime: iso(row.pick_up_datetime),
    delivery_datetime: iso(row.delivery_datetime),
    points: points.map((point) => ({
      id: point.id,
      order: point.point_order,
      type: point.type,
      address: point.address,
      city: point.city,
      state: point.state,
      zip_code: point.zip_code,
      country: point.country,
      lat: point.lat,
      lon: point.lon,
      date: iso(point.date),
      is_active: point.is_active,
    })),
    files: files.map(toLoadFile),
    driver:
      row.driver_id === null
        ? null
        : {
            id: row.driver_id,
            full_name: `${row.driver_first_name ?? ''} ${row.driver_last_name ?? ''}`.trim(),
            phone_number: row.driver_phone_number,
          },
    car:
      row.vehicle_id === null || row.vehicle_unit_id === null || row.vehicle_transport_type === null
        ? null
        : { id: row.vehicle_id, unit_id: row.vehicle_unit_id, transport_type: row.vehicle_transport_type },
    dispatcher: person(row.dispatcher_id, row.dispatcher_first_name, row.dispatcher_last_name),
    working_group: row.working_group_id,
    subgroup: row.subgroup_id,
    miles: row.miles,
    transit_time: row.miles === null ? null : Math.round(transitTimeHours(row.miles) * 100) / 100,
    email_notifications_status: row.email_notifications_status,
    email_notifications_interval: row.email_notifications_interval,
    email_notifications_location_flag: row.email_notifications_location_flag,
    email_notifications_load_status_flag: row.email_notifications_load_status_flag,
    email_notifications_type: emailNotificationType(row.email_notifications_type),
    location_update_emails: row.location_update_emails,
    created_date: row.created_at.toISOString(),
    updated_date: row.updated_at.toISOString(),
  };
}

function historyAction(action: string): LoadHistoryAction {
  return (LOAD_HISTORY_ACTIONS as readonly string[]).includes(action)
    ? (action as LoadHistoryAction)
    : 'edit';
}

export function toHistoryEntry(row: HistoryRow): LoadHistoryEntry {
  return {
    id: row.id,
    action: historyAction(row.action),
    field: row.field,
    before: row.before,
    after: row.after,
    user: person(row.user_id, row.user_first_name, row.user_last_name),
    created_date: row.created_at.toISOString(),
  };
}
