import { describe, expect, it, vi } from 'vitest';
import {
  isSoundEnabled,
  playNotificationSound,
  setSoundEnabled,
  SOUND_STORAGE_KEY,
} from './notification-sound';

type Started = { type: string; frequency: number };

/** Enough of WebAudio to see which notes a sound is made of. */
function fakeAudio() {
  const started: Started[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain() {
      const param = { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
      return { gain: param, connect: (next: unknown) => next };
    }
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: { value: 0 },
        connect: (next: unknown) => next,
        start: () => started.push({ type: oscillator.type, frequency: oscillator.frequency.value }),
        stop: vi.fn(),
      };
      return oscillator;
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return started;
}

describe('notification sounds', () => {
  it('are on until the load sound notification flag says false', () => {
    expect(SOUND_STORAGE_KEY).toBe('load_sound_notification');
    expect(isSoundEnabled()).toBe(true);
    setSoundEnabled(false);
    expect(localStorage.getItem('load_sound_notification')).toBe('false');
    expect(isSoundEnabled()).toBe(false);
    setSoundEnabled(true);
    expect(isSoundEnabled()).toBe(true);
  });

  it('are made in the browser: two rising notes for a message, three even beeps for a notification', () => {
    const started = fakeAudio();
    expect(playNotificationSound('message')).toBe(true);
    expect(started).toEqual([
      { type: 'sine', frequency: 880 },
      { type: 'sine', frequency: 1318.5 },
    ]);
    started.length = 0;
    expect(playNotificationSound('notification')).toBe(true);
    expect(started).toEqual([
      { type: 'triangle', frequency: 740 },
      { type: 'triangle', frequency: 740 },
      { type: 'triangle', frequency: 740 },
    ]);
  });
});
