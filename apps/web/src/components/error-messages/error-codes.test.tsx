import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AUTH_MESSAGES } from '@app/domain/auth/auth.schema';
import { BROKER_MESSAGES } from '@app/domain/brokers/brokers.rules';
import { ERROR_CODES, GENERAL_ERROR_CODES } from '@app/domain/common/errors';
import {
  DOCUMENTS_REQUIRED_MESSAGE,
  LOAD_ACTION_CODES,
  LOAD_ACTION_MESSAGES,
  LOAD_FILE_CODES,
  LOAD_FILE_MESSAGES,
} from '@app/domain/loads/load-lifecycle.rules';
import { LOCATION_UPDATE_CODES, LOCATION_UPDATE_MESSAGES } from '@app/domain/units/location-dialog.rules';
import { PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import { TRACKING_MESSAGES, VEHICLE_STATUS_MESSAGES } from '@app/domain/units/vehicle.rules';
import en from '@/i18n/en.json';
import { i18n } from '@/i18n/i18n';
import ru from '@/i18n/ru.json';
import { ApiError } from '@/lib/api-error';
import { errorCodeKey, fieldErrorOf, refusalText, useErrorLines } from './error-messages';

const EN_CODES: Record<string, string> = en.errors.codes;
const RU_CODES: Record<string, string> = ru.errors.codes;

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();

const refused = (code: string, detail: string, fields: Record<string, string[]> = {}) =>
  new ApiError({ status: 409, detail, code, fields });

const asIs = (message: string) => message;

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the codes of refusals', () => {
  it('each have a text in English and in Russian with the same values', () => {
    const refusals = ERROR_CODES.filter((code) => !(GENERAL_ERROR_CODES as readonly string[]).includes(code));
    expect(refusals.filter((code) => !(code in EN_CODES))).toEqual([]);
    expect(Object.keys(RU_CODES).sort()).toEqual(Object.keys(EN_CODES).sort());
    for (const code of Object.keys(EN_CODES)) {
      expect(ERROR_CODES, code).toContain(code);
      expect(placeholders(RU_CODES[code]!), code).toEqual(placeholders(EN_CODES[code]!));
      expect(RU_CODES[code], code).toMatch(/[А-Яа-я]/);
    }
  });

  it("keep the spec's English texts the server sends", () => {
    expect(EN_CODES).toMatchObject({
      invalid_credentials: AUTH_MESSAGES.invalidCredentials,
      mc_number_taken: BROKER_MESSAGES.mcNumberTaken,
      broker_has_loads: BROKER_MESSAGES.hasLoads,
      otr_broker_needs_mc_number: BROKER_MESSAGES.otrNeedsMcNumber,
      blacklist_forbidden: BROKER_MESSAGES.blacklistForbidden,
      vehicle_on_load: VEHICLE_STATUS_MESSAGES.onLoad,
      tracking_pause_in_past: TRACKING_MESSAGES.pauseInPast,
      fired_driver_activation: PEOPLE_MESSAGES.firedDriverActivation,
    });
    expect(EN_CODES.documents_required).toBe(`${DOCUMENTS_REQUIRED_MESSAGE}: {{missing_documents}}`);
    for (const [key, code] of Object.entries(LOAD_ACTION_CODES)) {
      expect(EN_CODES[code], code).toBe(LOAD_ACTION_MESSAGES[key as keyof typeof LOAD_ACTION_MESSAGES]);
    }
    for (const [key, code] of Object.entries(LOCATION_UPDATE_CODES)) {
      expect(EN_CODES[code], code).toBe(
        LOCATION_UPDATE_MESSAGES[key as keyof typeof LOCATION_UPDATE_MESSAGES],
      );
    }
    for (const [key, code] of Object.entries(LOAD_FILE_CODES)) {
      expect(EN_CODES[code], code).toBe(LOAD_FILE_MESSAGES[key as keyof typeof LOAD_FILE_MESSAGES]);
    }
    expect(EN_CODES.vehicles_on_load!.replace('{{units}}', 'T-1')).toBe(
      VEHICLE_STATUS_MESSAGES.onLoadUnits(['T-1']),
    );
  });

  it('leave the general codes and unknown codes to the detail', () => {
    expect(errorCodeKey('conflict')).toBeUndefined();
    expect(errorCodeKey('validation_error')).toBeUndefined();
    expect(errorCodeKey('bid_limit_of_the_future')).toBeUndefined();
    expect(errorCodeKey('')).toBeUndefined();
    expect(errorCodeKey('mc_number_taken')).toBe('errors.codes.mc_number_taken');
  });
});

describe('a refusal with its own code', () => {
  it('is one line in the user language, decided by the code and not by the text', async () => {
    const { result } = renderHook(() => useErrorLines(asIs));
    // The detail may change wording: the code decides.
    const error = refused('mc_number_taken', 'Some other wording', { mc_number: ['Some other wording'] });
    expect(result.current(error)).toEqual(['A broker company with this MC number already exists.']);
    await act(() => i18n.changeLanguage('ru'));
    expect(refusalText(error)).toBe('Брокерская компания с этим номером MC уже есть.');
  });

  it('names the values it carries: units as sent, documents by their names', async () => {
    const units = refused('vehicles_on_load', 'These vehicles are on load...', { units: ['T-1', 'T-2'] });
    expect(refusalText(units)).toBe('These vehicles are on load and keep their status: T-1, T-2.');
    const documents = refused('documents_required', DOCUMENTS_REQUIRED_MESSAGE, {
      missing_documents: ['rate_confirmation', 'bill_of_lading'],
    });
    expect(refusalText(documents)).toBe(
      'Next documents needs to be uploaded before status changing: Rate confirmation, Bill of lading',
    );
    await act(() => i18n.changeLanguage('ru'));
    expect(refusalText(documents)).toBe(
      'Перед сменой статуса нужно загрузить следующие документы: Подтверждение ставки, Транспортная накладная',
    );
  });

  it('is shown at the field it names', () => {
    const error = refused('unit_id_taken', 'x', { unit_id: ['x'] });
    expect(fieldErrorOf(error, 'unit_id', asIs)).toBe('Another vehicle already has this unit ID.');
    expect(fieldErrorOf(error, 'vin', asIs)).toBeUndefined();
  });
});

describe('a refusal without a text of its own', () => {
  it("shows the server's detail, and document types by name, never their codes", () => {
    const { result } = renderHook(() => useErrorLines(asIs));
    const error = refused('conflict', DOCUMENTS_REQUIRED_MESSAGE, {
      missing_documents: ['rate_confirmation'],
    });
    expect(result.current(error)).toEqual([DOCUMENTS_REQUIRED_MESSAGE, 'Rate confirmation']);
    expect(result.current(refused('a_code_added_later', 'Said by the server'))).toEqual([
      'Said by the server',
    ]);
  });
});
