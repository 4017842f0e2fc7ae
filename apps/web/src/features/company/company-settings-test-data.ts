import type { CompanySettings } from '@app/domain/company/company.schema';

// The company settings as GET company/my answers them, for the settings page's component tests: Demo
// Carrier, phone (555) 123-4567, no maps key, no map tiles and no call system, the language choice on, the
// other switches off, board loads kept 24 hours after their pick-up, no documents asked for, pay sheets sent
// by hand only and a 3 % quick pay deduction.
export function makeCompanySettings(overrides: Partial<CompanySettings> = {}): CompanySettings {
  return {
    id: 1,
    name: 'Demo Carrier',
    phone: '(555) 123-4567',
    google_maps_key: null,
    map_tiles_url: null,
    call_system: null,
    language_select: true,
    disable_some_menu_items: false,
    enable_address_language_notice: false,
    is_visible_phone_numbers: false,
    can_dispatchers_search_loads_for_on_load_unit: false,
    board_expiry_hours: 24,
    required_documents: {},
    paysheet_weekday: null,
    paysheet_time: null,
    quickpay_percent: 3,
    ...overrides,
  };
}
