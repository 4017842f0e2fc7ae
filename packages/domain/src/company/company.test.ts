import { describe, expect, it } from 'vitest';
import { missingDocuments } from '../loads/load-lifecycle.rules';
import {
  canEditCompanySettings,
  COMPANY_MESSAGES,
  companyMessage,
  companyUpdateSchema,
  toRequiredDocumentsTable,
  type CompanyUpdateInput,
} from './company.schema';

const valid: CompanyUpdateInput = {
  name: ' Demo Carrier ',
  phone: '(555) 123-4567',
  google_maps_key: 'AIzaSyD-example_key1',
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
    expect(companyMessage('Something else', 'ru')).toBe('Something else');
  });
});
