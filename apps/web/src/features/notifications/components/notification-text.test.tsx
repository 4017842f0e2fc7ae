import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { NotificationItem as Item } from '@app/domain/notifications/notifications.rules';
import { i18n } from '@/i18n/i18n';
import { NotificationItem } from './notification-item';

// The server writes a notification's texts in the language its recipient had then; the panel shows them in
// the language the interface shows now.

const base = { received_at: Date.now(), created_date: new Date().toISOString() };

const statusNotice: Item = {
  ...base,
  id: 1,
  type: { id: 100, name: 'load_status' },
  label: 'Load #000301',
  content: 'Status: Delivered → TONU',
  load_status: { id: 321, status: 11, previous_status: 8 },
};

const rateNotice: Item = {
  ...base,
  id: 2,
  type: { id: 8, name: 'rate_notice' },
  label: 'Load #000301',
  content: 'Broker price $1,000.00 → $1,200.00; Driver price $800.00 → $800.00',
  load_info: { id: 321, status: 2, accounting_status: null, load_accounting_number: 301 },
  broker_price: 1200,
  old_broker_price: 1000,
  driver_price: 800,
  old_driver_price: 800,
};

function show(item: Item) {
  render(<NotificationItem item={item} compact={false} onOpen={vi.fn()} onMarkRead={vi.fn()} />);
}

describe('notification texts follow the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes a load notice in Russian when the interface is in Russian, whatever the server wrote', async () => {
    await i18n.changeLanguage('ru');
    show(statusNotice);
    expect(screen.getByText('Груз #000301')).toBeTruthy();
    expect(screen.getByText('Статус: Доставлен → TONU')).toBeTruthy();
    expect(screen.queryByText('Load #000301')).toBeNull();
  });

  it('names the load by its accounting number from the notice details', async () => {
    await i18n.changeLanguage('ru');
    show(rateNotice);
    expect(screen.getByText('Груз #000301')).toBeTruthy();
  });

  it('keeps English texts in English', () => {
    show(statusNotice);
    expect(screen.getByText('Load #000301')).toBeTruthy();
    expect(screen.getByText('Status: Delivered → TONU')).toBeTruthy();
  });
});
