import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void): () => void {
  document.addEventListener('visibilitychange', callback);
  return () => document.removeEventListener('visibilitychange', callback);
}

/** Whether the tab is seen: an open chat is marked read only while someone can read it. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, () => !document.hidden);
}
