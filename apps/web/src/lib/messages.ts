import { appEvents } from './events';
import type { GlobalMessage } from './events';

/** The spec's modal titles, as i18n keys (the English texts keep the spec's spelling). */
export const MESSAGE_TITLES = {
  error: 'messages.titles.error',
  successfully: 'messages.titles.successfully',
  errorOccurred: 'messages.titles.errorOccurred',
  unknownError: 'messages.titles.unknownError',
  successfulOperation: 'messages.titles.successfulOperation',
} as const;

export function showMessage(message: GlobalMessage): void {
  appEvents.emit('message', message);
}

/** The spec's 'Bid not found' modal, with links to the active and completed bids. */
export function showBidNotFound(): void {
  showMessage({
    titleKey: 'messages.bidNotFound.title',
    messageKey: 'messages.bidNotFound.message',
    links: [
      { labelKey: 'messages.bidNotFound.activeBids', to: '/bids/active' },
      { labelKey: 'messages.bidNotFound.completedBids', to: '/bids/completed' },
    ],
  });
}

/** A short toast: 'Successfully' after a save. */
export function toastSuccess(messageKey = 'messages.titles.successfully'): void {
  appEvents.emit('toast', { severity: 'success', messageKey });
}

export function toastError(messageKey: string, values?: Record<string, string | number>): void {
  appEvents.emit('toast', { severity: 'error', messageKey, values });
}
