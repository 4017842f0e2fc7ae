import type { ListResponse } from '@app/domain/common/pagination';
import type { Employee } from '@app/domain/users/employees.schema';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { http } from '@/lib/api';

export const COMPANY_EMPLOYEES_PATH = '/backend/api/v2/users/company-employees/';

/** The active office staff whose name, e-mail or phone has the text (the lead and member pickers). */
export async function searchPeople(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const page = await http.get<ListResponse<Employee>>(COMPANY_EMPLOYEES_PATH, {
    query: { text: text || undefined, status: 'Active', limit: 20 },
    signal,
    silent: true,
  });
  return page.results.map((person) => ({
    id: person.id,
    label: [person.first_name, person.last_name].filter(Boolean).join(' '),
    detail: person.working_group?.name ?? null,
  }));
}
