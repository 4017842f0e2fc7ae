import type { NotificationSound } from '@app/domain/notifications/notifications.rules';

// The two sounds of fresh notifications, made in the browser with WebAudio (no sound files): the message
// sound is a soft rising two-note chime, the notification sound three short even beeps that stand out from
// it. Both are switched by the load sound notification flag in localStorage.

/** The spec's "load sound notification flag". Absent means on: a new user hears what arrives. */
export const SOUND_STORAGE_KEY = 'load_sound_notification';

export function isSoundEnabled(): boolean {
  return localStorage.getItem(SOUND_STORAGE_KEY) !== 'false';
}

export function setSoundEnabled(enabled: boolean): void {
  localStorage.setItem(SOUND_STORAGE_KEY, String(enabled));
}

type Note = { frequency: number; start: number; duration: number; type: OscillatorType; volume: number };

/** The notes of each sound: start and duration in seconds, volume 0..1. */
export const SOUND_NOTES: Record<NotificationSound, Note[]> = {
  message: [
    { frequency: 880, start: 0, duration: 0.14, type: 'sine', volume: 0.18 },
    { frequency: 1318.5, start: 0.11, duration: 0.26, type: 'sine', volume: 0.16 },
  ],
  notification: [
    { frequency: 740, start: 0, duration: 0.1, type: 'triangle', volume: 0.22 },
    { frequency: 740, start: 0.16, duration: 0.1, type: 'triangle', volume: 0.22 },
    { frequency: 740, start: 0.32, duration: 0.1, type: 'triangle', volume: 0.22 },
  ],
};

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const scope = globalThis as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const Constructor = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Constructor) return null;
  try {
    context = new Constructor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Browsers keep audio suspended until the user has interacted with the page; the first click or key press
 * wakes it, so that a notification arriving later can be heard.
 */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
    const audio = audioContext();
    if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
    remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
  return remove;
}

/** Plays a sound; answers whether audio was available to play it. */
export function playNotificationSound(sound: NotificationSound): boolean {
  const audio = audioContext();
  if (!audio) return false;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const startAt = audio.currentTime + 0.01;
  for (const note of SOUND_NOTES[sound]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = note.type;
    oscillator.frequency.value = note.frequency;
    const begin = startAt + note.start;
    const end = begin + note.duration;
    // A quick attack and an exponential fade: no clicks at either end.
    gain.gain.setValueAtTime(0.0001, begin);
    gain.gain.exponentialRampToValueAtTime(note.volume, begin + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(begin);
    oscillator.stop(end + 0.02);
  }
  return true;
}
