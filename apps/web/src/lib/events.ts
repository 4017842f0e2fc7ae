import type { ApiError } from './api-error';

/** A small typed publish/subscribe hub for events that cross the component tree. */
export class EventEmitter<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<Name extends keyof Events>(
    name: Name,
    ...payload: Events[Name] extends undefined ? [] : [Events[Name]]
  ): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const listener of [...set]) (listener as (value: Events[Name] | undefined) => void)(payload[0]);
  }
}

export type MessageLink = { labelKey: string; to: string };

/** What the global message modal shows: a title, a message, optional links and a redirect after close. */
export type GlobalMessage = {
  /** An i18n key, usually one of MESSAGE_TITLES. */
  titleKey: string;
  /** An i18n key... */
  messageKey?: string;
  /** ...or a text that is shown as it is (a server's message). */
  text?: string;
  links?: MessageLink[];
  /** Where to go once the modal is closed. */
  redirectTo?: string;
};

export type ToastMessage = {
  severity: 'success' | 'error' | 'info' | 'warning';
  messageKey: string;
  values?: Record<string, string | number>;
};

export type AppEvents = {
  /** A failed request the user should hear about (spec: broadcast as handleError). */
  handleError: ApiError;
  /** Opens the global add-load dialog. */
  'add-load': undefined;
  /** The session is no longer usable: sign out locally and go to the login page. */
  logout: undefined;
  /** The mail provider rejected the stored credentials: disconnect the mailbox. */
  'mail-provider-logout': ApiError;
  message: GlobalMessage;
  toast: ToastMessage;
};

export const appEvents = new EventEmitter<AppEvents>();
