import { AUTH_MESSAGES } from '@app/domain/auth/auth.schema';
import { DRIVER_BID_MESSAGES } from '@app/domain/bids/driver-bids.rules';
import {
  messageKeys,
  useErrorLines as useAreaErrorLines,
  useMessageText,
} from '@/components/error-messages/error-messages';

// The driver page's texts of the server and the domain: the 'driverPortal.messages' keys hold exactly the
// domain's DRIVER_BID_MESSAGES, and the password rules are the sign-in's 'validation' keys.

export const INVALID_LINK_MESSAGE = 'Invalid invitation link';

export const MESSAGE_KEYS = new Map<string, string>([
  ...messageKeys(DRIVER_BID_MESSAGES, 'driverPortal.messages'),
  ...messageKeys(AUTH_MESSAGES, 'validation'),
  [INVALID_LINK_MESSAGE, 'driverPortal.invitation.invalid'],
]);

export function useDriverPortalMessageText(): (message: string) => string {
  return useMessageText(MESSAGE_KEYS);
}

/** The lines a refused request shows, in the driver's language. */
export function useErrorLines(): (error: unknown) => string[] {
  return useAreaErrorLines(useDriverPortalMessageText());
}
