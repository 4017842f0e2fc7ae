import { describe, expect, it } from 'vitest';
import { missingDocuments } from '../loads/load-lifecycle.rules';
import {
  canEditCompanySettings,
  COMPANY_MESSAGES,
  companyMessage,
  companyUpdateSchema,
  isMapTilesUrl,
  toRequiredDocumentsTable,
  type CompanyUpdateInput,
} from './company.schema';

const valid: CompanyUpdateInput = {
  name: ' Demo Carrier ',
  phone: '(555) 123-4567',
  google_maps_key: 'AIzaSyD-example_key1',
  map_tiles_url: '',
  call_system: '',
  language_select: true,
  disable_some_menu_items: false,
  enable_address_language_notice: false,
  is_visible_phone_numbers: true,
  can_dispatchers_search_loads_for_on_load_unit: false,
  board_expiry_hours: 24,
  required_documents: {
    '2': ['rate_confirmation'],
    '8': ['proof_of_delivery', 'proof_of_delivery'],
    '4': [],
  },
};

function fieldErrors(input: unknown): Record<string, string[]> {
  const result = companyUpdateSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

describe('company settings', () => {
  it('lets admins, managers and superusers edit, and no other role', () => {
    expect(canEditCompanySettings({ role: 3 })).toBe(true);
    expect(canEditCompanySettings({ role: 4 })).toBe(true);
    for (const role of [5, 6, 7, 8, 13, null]) expect(canEditCompanySettings({ role })).toBe(false);
    expect(canEditCompanySettings({ role: null, is_superuser: true })).toBe(true);
  });

  it('trims the texts, reads an empty optional text as none and keeps each document once', () => {
    const update = companyUpdateSchema.parse(valid);
    expect(update.name).toBe('Demo Carrier');
    expect(update.call_system).toBeNull();
    expect(update.required_documents).toEqual({ '2': ['rate_confirmation'], '8': ['proof_of_delivery'] });
  });

  it("says the spec's messages when the name or the phone is missing", () => {
    expect(fieldErrors({ ...valid, name: '  ' }).name).toEqual([COMPANY_MESSAGES.nameRequired]);
    expect(fieldErrors({ ...valid, phone: '' }).phone).toEqual([COMPANY_MESSAGES.phoneRequired]);
    const { phone: _phone, ...withoutPhone } = valid;
    expect(fieldErrors(withoutPhone).phone).toEqual([COMPANY_MESSAGES.phoneRequired]);
    expect(fieldErrors({ ...valid, phone: '12' }).phone).toEqual([COMPANY_MESSAGES.phoneInvalid]);
  });

  it('refuses a documents table with an unknown type or a status a load is never moved to', () => {
    expect(fieldErrors({ ...valid, required_documents: { '2': ['passport'] } }).required_documents).toEqual([
      COMPANY_MESSAGES.documentTypeInvalid,
    ]);
    for (const status of ['1', '9', '12', '02', 'x'])
      expect(
        fieldErrors({ ...valid, required_documents: { [status]: ['other'] } }).required_documents,
      ).toEqual([COMPANY_MESSAGES.documentStatusInvalid]);
  });

  it('refuses a maps key with other characters, unknown fields and wrong types', () => {
    expect(fieldErrors({ ...valid, google_maps_key: 'key with spaces' }).google_maps_key).toEqual([
      COMPANY_MESSAGES.mapsKeyInvalid,
    ]);
    expect(Object.keys(fieldErrors({ ...valid, paysheet_day: 5 }))).toEqual(['']);
    expect(Object.keys(fieldErrors({ ...valid, is_visible_phone_numbers: 'yes' }))).toEqual([
      'is_visible_phone_numbers',
    ]);
  });

  it('takes map tiles as an http(s) address or a path starting with /, ending in .pmtiles', () => {
    const saved = (map_tiles_url: unknown) =>
      companyUpdateSchema.parse({ ...valid, map_tiles_url }).map_tiles_url;
    expect(saved('  https://tiles.example.com/north-america.pmtiles ')).toBe(
      'https://tiles.example.com/north-america.pmtiles',
    );
    expect(saved('http://10.0.0.5:8080/maps/NA.PMTiles')).toBe('http://10.0.0.5:8080/maps/NA.PMTiles');
    expect(saved('/map/tiles.pmtiles')).toBe('/map/tiles.pmtiles');
    expect(saved('https://bucket.example.com/na.pmtiles?v=2')).toBe(
      'https://bucket.example.com/na.pmtiles?v=2',
    );
    for (const empty of ['', '   ', null, undefined]) expect(saved(empty)).toBeNull();
    const { map_tiles_url: _tiles, ...withoutTiles } = valid;
    expect(companyUpdateSchema.parse(withoutTiles).map_tiles_url).toBeNull();
  });

  it('refuses map tiles of another kind, naming the field', () => {
    for (const url of [
      'tiles.example.com/na.pmtiles',
      'ftp://tiles.example.com/na.pmtiles',
      'javascript:alert(1)//.pmtiles',
      'https://tiles.example.com/na.mbtiles',
      'https://tiles.example.com/na.pmtiles.zip',
      'https://tiles.example.com/?file=na.pmtiles#x',
      '//tiles.example.com/na.pmtiles',
      '/map/tiles',
      '/map/my tiles.pmtiles',
      'map/tiles.pmtiles',
    ])
      expect(fieldErrors({ ...valid, map_tiles_url: url }).map_tiles_url, url).toEqual([
        'Map tiles (PMTiles URL) must be an http:// or https:// address or a path starting with /, ending in .pmtiles',
      ]);
    expect(fieldErrors({ ...valid, map_tiles_url: 42 }).map_tiles_url).toHaveLength(1);
  });

  it('takes map tiles of at most 500 characters', () => {
    const at = (length: number) => `https://t.example.com/${'a'.repeat(length - 30)}.pmtiles`;
    expect(at(500)).toHaveLength(500);
    expect(companyUpdateSchema.parse({ ...valid, map_tiles_url: at(500) }).map_tiles_url).toBe(at(500));
    expect(fieldErrors({ ...valid, map_tiles_url: at(501) }).map_tiles_url).toEqual([
      'Map tiles (PMTiles URL) must have at most 500 characters',
    ]);
    expect(isMapTilesUrl(at(501))).toBe(false);
  });

  it('takes the hours a board load stays after its pick-up as a whole number from 1 to 720', () => {
    expect(companyUpdateSchema.parse({ ...valid, board_expiry_hours: '48' }).board_expiry_hours).toBe(48);
    expect(companyUpdateSchema.parse({ ...valid, board_expiry_hours: 720 }).board_expiry_hours).toBe(720);
    for (const hours of [0, 721, 1.5, '', 'a day', '-3', null])
      expect(fieldErrors({ ...valid, board_expiry_hours: hours }).board_expiry_hours).toEqual([
        'Hours on the board must be a whole number from 1 to 720',
      ]);
  });

  it("gives the saved table to the load status rule: a move asks for the company's documents", () => {
    const table = toRequiredDocumentsTable(companyUpdateSchema.parse(valid).required_documents);
    expect(missingDocuments(8, [], table)).toEqual(['proof_of_delivery']);
    expect(missingDocuments(4, [], table)).toEqual([]);
  });

  it('translates its messages into Russian', () => {
    expect(companyMessage(COMPANY_MESSAGES.nameRequired, 'ru')).toBe('Укажите название');
    expect(companyMessage(COMPANY_MESSAGES.nameRequired, 'en')).toBe('Name must be present');
    expect(companyMessage(COMPANY_MESSAGES.mapTilesUrlInvalid, 'ru')).toBe(
      'Тайлы карты (адрес PMTiles): нужен адрес http:// или https:// либо путь, начинающийся с /, с окончанием .pmtiles',
    );
    expect(companyMessage(COMPANY_MESSAGES.mapTilesUrlTooLong, 'ru')).toBe(
      'Тайлы карты (адрес PMTiles): не больше 500 символов',
    );
    expect(companyMessage('Something else', 'ru')).toBe('Something else');
  });
});
