import type { Control } from 'react-hook-form';
import {
  COMPANY_SETTINGS_FIELDS,
  type CompanySettings,
  type CompanyUpdate,
  type CompanyUpdateInput,
} from '@app/domain/company/company.schema';
import type { LoadFileType } from '@app/domain/loads/load-lifecycle.rules';

/** The form's values: the update's fields, with the optional texts as '' (a field shows no null). */
export type CompanyFormValues = Omit<
  CompanyUpdateInput,
  | 'google_maps_key'
  | 'map_tiles_url'
  | 'call_system'
  | 'board_expiry_hours'
  | 'required_documents'
  | 'paysheet_weekday'
  | 'paysheet_time'
  | 'quickpay_percent'
> & {
  google_maps_key: string;
  map_tiles_url: string;
  board_expiry_hours: string;
  call_system: string;
  required_documents: Record<string, LoadFileType[]>;
  /** '' (not sent by themselves) or the weekday's digit, Monday '0' to Sunday '6'. */
  paysheet_weekday: string;
  /** '' or HH:MM, Eastern. */
  paysheet_time: string;
  quickpay_percent: string;
};

/** The form's control: its values in, the update (trimmed, '' read as none) out. */
export type CompanyFormControl = Control<CompanyFormValues, unknown, CompanyUpdate>;

export const COMPANY_FORM_FIELDS: readonly (keyof CompanyFormValues)[] = COMPANY_SETTINGS_FIELDS;

export function formValuesOf(settings: CompanySettings): CompanyFormValues {
  return {
    name: settings.name,
    phone: settings.phone ?? '',
    google_maps_key: settings.google_maps_key ?? '',
    map_tiles_url: settings.map_tiles_url ?? '',
    call_system: settings.call_system ?? '',
    language_select: settings.language_select,
    disable_some_menu_items: settings.disable_some_menu_items,
    enable_address_language_notice: settings.enable_address_language_notice,
    is_visible_phone_numbers: settings.is_visible_phone_numbers,
    can_dispatchers_search_loads_for_on_load_unit: settings.can_dispatchers_search_loads_for_on_load_unit,
    board_expiry_hours: String(settings.board_expiry_hours),
    required_documents: settings.required_documents,
    paysheet_weekday: settings.paysheet_weekday === null ? '' : String(settings.paysheet_weekday),
    paysheet_time: settings.paysheet_time ?? '',
    quickpay_percent: String(settings.quickpay_percent),
  };
}
