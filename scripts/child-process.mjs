// Running a long-lived child (the server, Vite) under a small launcher script.
//
// The child gets its own process group, so a Ctrl-C in the terminal (or a signal to the launcher's group)
// reaches the launcher only, and the launcher hands it on exactly once. Without that the child would get
// the same signal two or three times (terminal, npm, launcher) and could take a repeat for "force quit".
import { spawn } from 'node:child_process';

const forwardedSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Spawns a child in its own process group; stdin is not passed on. */
export function spawnChild(command, args, { cwd, env, pipeOutput = false }) {
  return spawn(command, args, {
    cwd,
    env,
    detached: process.platform !== 'win32',
    stdio: ['ignore', pipeOutput ? 'pipe' : 'inherit', pipeOutput ? 'pipe' : 'inherit'],
  });
}

/**
 * Forwards SIGINT, SIGTERM and SIGHUP (as SIGTERM) to the children, once per child, and kills any child still running
 * when this process exits. onSignal is called with the first signal received.
 */
export function forwardSignals(children, onSignal = () => {}) {
  let received = null;
  const handle = (signal) => {
    if (received) return;
    received = signal;
    onSignal(signal);
    // A closed terminal (SIGHUP) asks for the same clean stop as SIGTERM.
    const forwarded = signal === 'SIGHUP' ? 'SIGTERM' : signal;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(forwarded);
    }
  };
  for (const signal of forwardedSignals) process.on(signal, handle);
  process.on('exit', () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
  return { receivedSignal: () => received };
}

/** Resolves with the exit code a shell would report: the code, or 128 + signal number. */
export function waitForExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      if (code !== null) resolve(code);
      else resolve(128 + (signalNumbers[signal] ?? 1));
    });
  });
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** Sends SIGKILL when the child is still running after the given time. */
export function killAfter(child, milliseconds) {
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, milliseconds);
  timer.unref();
}
