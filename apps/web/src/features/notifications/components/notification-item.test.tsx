import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { NotificationItem as Item } from '@app/domain/notifications/notifications.rules';
import '@/i18n/i18n';
import { NotificationItem } from './notification-item';

const NOW = Date.parse('2026-03-10T16:00:00Z');

function item(typeId: 1 | 4, secondsAgo: number): Item {
  return {
    id: typeId,
    type: typeId === 1 ? { id: 1, name: 'group_chat' } : { id: 4, name: 'load_info' },
    label: `Item ${typeId}`,
    content: '',
    created_date: new Date(NOW - secondsAgo * 1000).toISOString(),
    received_at: NOW,
  };
}

function time(): string {
  return document.querySelector('time')?.textContent ?? '';
}

describe('notification time refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a chat item refreshes its time every second', () => {
    vi.useFakeTimers({ now: NOW });
    render(<NotificationItem item={item(1, 59)} compact={false} onOpen={vi.fn()} onMarkRead={vi.fn()} />);
    expect(time()).toBe('Now');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(time()).toBe('1 min ago');
  });

  it('the others refresh every 60 seconds', () => {
    vi.useFakeTimers({ now: NOW });
    render(<NotificationItem item={item(4, 59)} compact={false} onOpen={vi.fn()} onMarkRead={vi.fn()} />);
    expect(time()).toBe('Now');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(time()).toBe('Now');
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(time()).toBe('1 min ago');
  });

  it('shows the Eastern date and time on hover, and the kind of the notification', () => {
    vi.useFakeTimers({ now: NOW });
    render(
      <NotificationItem item={item(4, 3600 * 30)} compact={false} onOpen={vi.fn()} onMarkRead={vi.fn()} />,
    );
    expect(time()).toBe('03/09/2026');
    expect(document.querySelector('time')?.getAttribute('title')).toBe('06:00am 03/09/2026 ET');
    expect(screen.getByText('Load')).toBeTruthy();
  });
});
