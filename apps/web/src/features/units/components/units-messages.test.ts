import { describe, expect, it } from 'vitest';
import { LOCATION_UPDATE_MESSAGES } from '@app/domain/units/location-dialog.rules';
import { PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import { UNITS_MESSAGES } from '@app/domain/units/units.schema';
import { TRACKING_MESSAGES, VEHICLE_STATUS_MESSAGES } from '@app/domain/units/vehicle.rules';
import en from '@/i18n/en.json';
import ru from '@/i18n/ru.json';
import { MESSAGE_KEYS } from './units-messages';

function valueAt(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('units messages', () => {
  it('hold in English exactly the texts the server and the domain speak', () => {
    expect(en.unitsMessages.schema).toEqual(UNITS_MESSAGES);
    expect(en.unitsMessages.location).toEqual(LOCATION_UPDATE_MESSAGES);
    expect(en.unitsMessages.people).toEqual(PEOPLE_MESSAGES);
    expect(en.unitsMessages.tracking).toEqual(TRACKING_MESSAGES);
    expect(en.unitsMessages.status.onLoad).toBe(VEHICLE_STATUS_MESSAGES.onLoad);
    expect(en.unitsMessages.status.onLoadUnits.replace('{{units}}', 'U-1, U-2')).toBe(
      VEHICLE_STATUS_MESSAGES.onLoadUnits(['U-1', 'U-2']),
    );
  });

  it('have a Russian text for every message the screens translate', () => {
    for (const [text, key] of MESSAGE_KEYS) {
      expect(valueAt(en, key), key).toBe(text);
      expect(typeof valueAt(ru, key), key).toBe('string');
      expect(valueAt(ru, key), key).not.toBe(text);
    }
  });
});
