import type { TFunction } from 'i18next';
import type { Lang } from '@app/domain/common/lookups';
import { loadStatusDisplayName, padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { NotificationItem } from '@app/domain/notifications/notifications.rules';
import { formatDateTime, formatUsd } from '@/lib/format';

// A notification's label and content in the language the interface shows now. The server writes them once,
// in the language the recipient had then; whatever the notification's type and details say is written
// again here, so that switching the language changes the panel too. Anything else is shown as it came.

/** 'Load #000301' as the server writes it in either language: the number, or null. */
const LOAD_LABEL_PATTERN = /^(?:Load|Груз) #(\S+)$/;

function loadNumber(item: NotificationItem): string | null {
  const info = item.load_info;
  if (info)
    return info.load_accounting_number === null
      ? String(info.id)
      : padAccountingNumber(info.load_accounting_number);
  return LOAD_LABEL_PATTERN.exec(item.label)?.[1] ?? null;
}

export function notificationLabel(item: NotificationItem, t: TFunction): string {
  if (item.tracking_info) return t('notifications.text.unit', { unit: item.tracking_info.unit_id });
  const number = loadNumber(item);
  return number === null ? item.label : t('notifications.text.load', { number });
}

function priceChange(t: TFunction, label: string, before: number | null | undefined, after: number): string {
  return before === null || before === undefined || before === after
    ? t('notifications.text.price', { label, price: formatUsd(after) })
    : t('notifications.text.priceChange', { label, from: formatUsd(before), to: formatUsd(after) });
}

function trackingContent(item: NotificationItem, t: TFunction, lang: Lang): string | null {
  const info = item.tracking_info;
  if (!info) return null;
  const location = info.last_location;
  const place = location
    ? [location.city, location.state].filter(Boolean).join(', ') || location.address
    : null;
  const at = info.last_update_time ? `${formatDateTime(info.last_update_time, lang)} ET` : null;
  if (item.type.id === 5) {
    const since = at ?? t('notifications.text.longAgo');
    return place
      ? t('notifications.text.trackingStoppedAt', { since, place })
      : t('notifications.text.trackingStopped', { since });
  }
  if (item.type.id === 6) {
    const details = [place, at].filter(Boolean).join(', ');
    return details
      ? t('notifications.text.trackingResumedAt', { details })
      : t('notifications.text.trackingResumed');
  }
  return null;
}

export function notificationContent(item: NotificationItem, t: TFunction, lang: Lang): string {
  const move = item.load_status;
  if (move) {
    const to = loadStatusDisplayName(move.status, null, lang);
    return move.previous_status === null
      ? t('notifications.text.status', { to })
      : t('notifications.text.statusChange', {
          from: loadStatusDisplayName(move.previous_status, null, lang),
          to,
        });
  }
  if (
    item.type.id === 8 &&
    (typeof item.broker_price === 'number' || typeof item.driver_price === 'number')
  ) {
    const parts: string[] = [];
    if (typeof item.broker_price === 'number')
      parts.push(
        priceChange(t, t('notifications.text.brokerPrice'), item.old_broker_price, item.broker_price),
      );
    if (typeof item.driver_price === 'number')
      parts.push(
        priceChange(t, t('notifications.text.driverPrice'), item.old_driver_price, item.driver_price),
      );
    return parts.join('; ');
  }
  return trackingContent(item, t, lang) ?? item.content;
}
