import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_FORM_MESSAGES, LOAD_FORM_MESSAGES_RU } from '@app/domain/loads/load-form.rules';
import { LOAD_SCHEMA_MESSAGES } from '@app/domain/loads/loads.schema';
import { LOCATION_UPDATE_MESSAGES } from '@app/domain/units/location-dialog.rules';
import { PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import { UNITS_MESSAGES } from '@app/domain/units/units.schema';
import { TRACKING_MESSAGES, VEHICLE_STATUS_MESSAGES } from '@app/domain/units/vehicle.rules';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';

// The server and the domain speak the spec's English texts; the units screens show them in the user's
// language. The 'unitsMessages' keys of en.json hold exactly the domain's texts (a test checks it).

/** The place messages a vehicle location or a driver's licence state may get. */
const PLACE_MESSAGES = ['stateInvalid', 'stateNotInCountry'] as const;

export const MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(UNITS_MESSAGES).map(([key, text]) => [text, `unitsMessages.schema.${key}`] as const),
  ...Object.entries(LOCATION_UPDATE_MESSAGES).map(
    ([key, text]) => [text, `unitsMessages.location.${key}`] as const,
  ),
  ...PLACE_MESSAGES.map((key) => [LOAD_SCHEMA_MESSAGES[key], `unitsMessages.place.${key}`] as const),
  ...Object.entries(PEOPLE_MESSAGES).map(([key, text]) => [text, `unitsMessages.people.${key}`] as const),
  [VEHICLE_STATUS_MESSAGES.onLoad, 'unitsMessages.status.onLoad'],
  [TRACKING_MESSAGES.pauseInPast, 'unitsMessages.tracking.pauseInPast'],
]);

const formKeyByMessage = new Map<string, keyof typeof LOAD_FORM_MESSAGES>(
  Object.entries(LOAD_FORM_MESSAGES).map(([key, text]) => [text, key as keyof typeof LOAD_FORM_MESSAGES]),
);

const ON_LOAD_UNITS = /^These vehicles are on load and keep their status: (.+)\.$/;
const MAX_CHARACTERS = /^Must have at most (\d+) characters$/;

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useUnitsMessageText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = MESSAGE_KEYS.get(message);
      if (key) return t(key);
      const formKey = formKeyByMessage.get(message);
      if (formKey) return currentLang() === 'ru' ? LOAD_FORM_MESSAGES_RU[formKey] : message;
      const onLoad = ON_LOAD_UNITS.exec(message);
      if (onLoad) return t('unitsMessages.status.onLoadUnits', { units: onLoad[1] });
      const tooLong = MAX_CHARACTERS.exec(message);
      if (tooLong) return t('unitsMessages.maxCharacters', { max: Number(tooLong[1]) });
      return message;
    },
    [t],
  );
}

/** The lines an error shows: the server's detail and the messages of each field, translated. */
export function useErrorLines(): (error: unknown) => string[] {
  const { t } = useTranslation();
  const text = useUnitsMessageText();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return [t('errors.unexpected')];
      if (error.status === undefined) return [t('errors.unknownCode')];
      const fieldLines = Object.values(error.fields).flat().map(text);
      const detail = error.detail ? text(error.detail) : t('errors.httpCode', { status: error.status });
      return [detail, ...fieldLines.filter((line) => line !== detail)];
    },
    [t, text],
  );
}

/** The server's message for one field of a refused form, translated; undefined when it names none. */
export function fieldErrorOf(error: unknown, field: string, text: (message: string) => string) {
  const message = isApiError(error) ? error.fields[field]?.[0] : undefined;
  return message ? text(message) : undefined;
}
