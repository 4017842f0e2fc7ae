// The sound of a new load on the board (when the user's sound flag is on): a short two-tone chime made with
// the Web Audio API, so the board needs no audio file and plays at once. A browser that blocks audio until
// the page is used, or has no Web Audio, stays silent: the row sliding in still shows the load.

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Class = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
  if (!Class) return null;
  try {
    context = new Class();
  } catch {
    return null;
  }
  return context;
}

function tone(audio: AudioContext, frequency: number, startsIn: number): void {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  const start = audio.currentTime + startsIn;
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.3);
}

/** Plays the new-load chime; answers whether it could. */
export function playNewLoadSound(): boolean {
  const audio = audioContext();
  if (!audio) return false;
  try {
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    tone(audio, 880, 0);
    tone(audio, 1320, 0.12);
    return true;
  } catch {
    return false;
  }
}
