import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/i18n/i18n';
import type { ChatMessageView } from './message-bubble';
import { MessageList } from './message-list';

// The chat view's messages on their own: newest last, Eastern times, older pages asked within 50 px of
// the top and not before.

const message = (id: number, own = false): ChatMessageView => ({
  id,
  content: `Message ${id}`,
  files: [],
  // 20:04 UTC on November 21 is 03:04pm in New York.
  created_date: '2026-11-21T20:04:00Z',
  author: { name: own ? 'Ada Admin' : 'Dina Dispatch', avatar: null },
  own,
});

function renderList(props: { hasOlder: boolean; loadingOlder?: boolean }) {
  const onLoadOlder = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageList
        messages={[message(1), message(2, true)]}
        hasOlder={props.hasOlder}
        loadingOlder={props.loadingOlder ?? false}
        onLoadOlder={onLoadOlder}
        label="Messages"
        emptyTitle="No messages yet"
      />
    </QueryClientProvider>,
  );
  const scroller = screen.getByTestId('chat-messages');
  const scrollTo = (top: number) => {
    scroller.scrollTop = top;
    fireEvent.scroll(scroller);
  };
  return { onLoadOlder, scrollTo };
}

describe('chat messages', () => {
  it('lists the messages oldest first, the author named on the others, the time in Eastern time', () => {
    renderList({ hasOlder: false });
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-message-id'))).toEqual(['1', '2']);
    expect(within(items[0]!).getByText('Dina Dispatch')).toBeTruthy();
    expect(within(items[1]!).queryByText('Ada Admin')).toBeNull();
    expect(within(items[0]!).getByText('03:04pm 11/21/2026')).toBeTruthy();
  });

  it('asks for the older page when scrolled within 50 px of the top, not further down', () => {
    const { onLoadOlder, scrollTo } = renderList({ hasOlder: true });
    scrollTo(51);
    expect(onLoadOlder).not.toHaveBeenCalled();
    scrollTo(50);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('asks nothing more while a page is on its way or when there is none', () => {
    const loading = renderList({ hasOlder: true, loadingOlder: true });
    loading.scrollTo(0);
    expect(loading.onLoadOlder).not.toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: 'Loading older messages…' })).toBeTruthy();
  });
});
