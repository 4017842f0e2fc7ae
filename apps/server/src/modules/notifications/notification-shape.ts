import { notificationTypeName, type Lang, type NotificationTypeId } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { formatEasternDateTime } from '@app/domain/common/time';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { Notification } from '@app/domain/notifications/notifications.schema';
import type * as repository from './notifications.repository';

// A notification's shape as the API and the socket give it, and the texts every kind of notice shares.

export type NotificationActor = NonNullable<Notification['actor']>;

/** The nested object of the type; a rate notice also carries its prices, in cents. */
export type NotificationDetails = Partial<
  Pick<
    Notification,
    'sms_chat' | 'group_chat' | 'load_info' | 'email_chat_info' | 'bid_info' | 'tracking_info' | 'load_status'
  >
> & {
  broker_price_cents?: number;
  old_broker_price_cents?: number;
  driver_price_cents?: number;
  old_driver_price_cents?: number;
};

export type NoticeText = (lang: Lang, load: repository.NoticeLoad | null) => string;

const LOAD_LABEL: Record<Lang, string> = { en: 'Load', ru: 'Груз' };

/** 'Load #000042' (the accounting number as the lists show it), or the id when it has none. */
export function loadLabel(load: { id: number; load_accounting_number: number | null }, lang: Lang): string {
  const number = load.load_accounting_number;
  return `${LOAD_LABEL[lang]} #${number === null ? load.id : padAccountingNumber(number)}`;
}

/** A time as the product shows it, in Eastern time: '03:04pm 11/21/2026 ET'. */
export function easternDateTimeText(value: Date): string {
  return `${formatEasternDateTime(value)} ET`;
}

export const noticeText = (value: string | NoticeText, lang: Lang, load: repository.NoticeLoad | null) =>
  typeof value === 'string' ? value : value(lang, load);

function actorSnapshot(value: unknown): NotificationActor | null {
  if (typeof value !== 'object' || value === null) return null;
  return value as NotificationActor;
}

/** A notification as the API and the socket give it; the load's statuses are the current ones. */
export function toNotification(
  row: Pick<repository.NotificationRow, 'type_id' | 'label' | 'content' | 'actor' | 'created_at'> & {
    details: NotificationDetails | Record<string, unknown>;
  },
  load: repository.NoticeLoad | null,
  id: number | string,
): Notification {
  const details = row.details as NotificationDetails;
  const {
    broker_price_cents: brokerPrice,
    old_broker_price_cents: oldBrokerPrice,
    driver_price_cents: driverPrice,
    old_driver_price_cents: oldDriverPrice,
    ...nested
  } = details;
  const notification: Notification = {
    id,
    type: { id: row.type_id as NotificationTypeId, name: notificationTypeName(row.type_id)! },
    label: row.label,
    content: row.content,
    created_date: row.created_at.toISOString(),
    load: load ? { id: load.id, status: load.status, accounting_status: load.accounting_status } : null,
    ...nested,
    actor: actorSnapshot(row.actor),
  };
  if (nested.load_info && load) {
    // The link of a load notification follows the load to the list it is in now.
    notification.load_info = {
      ...nested.load_info,
      status: load.status,
      accounting_status: load.accounting_status,
    };
  }
  if (brokerPrice !== undefined) notification.broker_price = centsToAmount(brokerPrice);
  if (oldBrokerPrice !== undefined) notification.old_broker_price = centsToAmount(oldBrokerPrice);
  if (driverPrice !== undefined) notification.driver_price = centsToAmount(driverPrice);
  if (oldDriverPrice !== undefined) notification.old_driver_price = centsToAmount(oldDriverPrice);
  return notification;
}

/** A stored notification as the API gives it. */
export function fromRow(row: repository.NotificationRow): Notification {
  const load =
    row.load_id === null || row.load_status === null
      ? null
      : {
          id: row.load_id,
          status: row.load_status,
          accounting_status: row.load_accounting_status,
          load_accounting_number: row.load_accounting_number,
        };
  return toNotification(row, load, row.id);
}
