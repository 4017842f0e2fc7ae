import { LOAD_SCHEMA_MESSAGES } from '@app/domain/loads/loads.schema';
import { LOCATION_UPDATE_MESSAGES } from '@app/domain/units/location-dialog.rules';
import { PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import { UNITS_MESSAGES } from '@app/domain/units/units.schema';
import { TRACKING_MESSAGES, VEHICLE_STATUS_MESSAGES } from '@app/domain/units/vehicle.rules';
import {
  messageKeys,
  useErrorLines as useAreaErrorLines,
  useMessageText,
} from '@/components/error-messages/error-messages';

// The units screens' texts of the server and the domain. The 'unitsMessages' keys of en.json hold exactly
// the domain's texts (a test checks it).

/** The place messages a vehicle location or a driver's licence state may get. */
const PLACE_MESSAGES = ['stateInvalid', 'stateNotInCountry'] as const;

export const MESSAGE_KEYS = new Map<string, string>([
  ...messageKeys(UNITS_MESSAGES, 'unitsMessages.schema'),
  ...messageKeys(LOCATION_UPDATE_MESSAGES, 'unitsMessages.location'),
  ...PLACE_MESSAGES.map((key) => [LOAD_SCHEMA_MESSAGES[key], `unitsMessages.place.${key}`] as const),
  ...messageKeys(PEOPLE_MESSAGES, 'unitsMessages.people'),
  [VEHICLE_STATUS_MESSAGES.onLoad, 'unitsMessages.status.onLoad'],
  [TRACKING_MESSAGES.pauseInPast, 'unitsMessages.tracking.pauseInPast'],
]);

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useUnitsMessageText(): (message: string) => string {
  return useMessageText(MESSAGE_KEYS);
}

/** The lines an error shows: the server's detail and the messages of each field, translated. */
export function useErrorLines(): (error: unknown) => string[] {
  return useAreaErrorLines(useUnitsMessageText());
}
