import type { KeyboardEvent } from 'react';

// The board's keyboard, the same on table rows and cards: up and down move between loads (Home and End to
// the first and last), Enter opens the load, S marks it seen. Keys typed in a control inside a row (a
// link, a button) are left to that control.

export type BoardKeyActions = { onOpen: () => void; onSeen: () => void };

/** The loads of the list that holds `item`, in the order shown (both sections). */
function listItems(item: HTMLElement): HTMLElement[] {
  const list = item.closest('[data-board-list]');
  return list ? Array.from(list.querySelectorAll<HTMLElement>('[data-board-item]')) : [item];
}

export function onBoardItemKeyDown(event: KeyboardEvent<HTMLElement>, actions: BoardKeyActions): void {
  const item = event.currentTarget;
  if (event.target !== item || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = listItems(item);
  const index = items.indexOf(item);
  let target: HTMLElement | undefined;
  switch (event.key) {
    case 'Enter':
      event.preventDefault();
      actions.onOpen();
      return;
    case 's':
    case 'S':
      event.preventDefault();
      actions.onSeen();
      return;
    case 'ArrowDown':
      target = items[index + 1];
      break;
    case 'ArrowUp':
      target = items[index - 1];
      break;
    case 'Home':
      target = items[0];
      break;
    case 'End':
      target = items.at(-1);
      break;
    default:
      return;
  }
  event.preventDefault();
  target?.focus();
}
