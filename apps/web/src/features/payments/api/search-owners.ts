import type { OwnerListResponse } from '@app/domain/units/units.schema';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { http } from '@/lib/api';

/** GET users/owners?search: owners by name or company, for the owner filter (the company beside the name). */
export async function searchPayOwners(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<OwnerListResponse>('/backend/api/v2/users/owners', {
    query: { search: text, limit: 20 },
    signal,
    silent: true,
  });
  return answer.results.map((owner) => ({
    id: owner.id,
    label: owner.full_name,
    detail: owner.company_name,
  }));
}
