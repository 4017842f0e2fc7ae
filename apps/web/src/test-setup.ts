import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadLanguage } from '@/i18n/i18n';
import { FakeWebSocket } from '@/test/fake-web-socket';

// Russian is fetched on demand in the browser; the tests switch languages synchronously, so it is here first.
await loadLanguage('ru');

// The component tests drive real screens through many steps; on a busy machine a step may take a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

// The signed-in shell opens the realtime socket: in tests it is a fake that never touches the network.
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

// Every test starts signed out, in English, with the real fetch restored.
afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
  void i18n.changeLanguage('en');
});
