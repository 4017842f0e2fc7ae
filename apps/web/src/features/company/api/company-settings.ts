import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySettings, CompanyUpdateInput } from '@app/domain/company/company.schema';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { companyQueryKeys } from './company-query-keys';

export const COMPANY_SETTINGS_PATH = '/backend/api/v2/company/my';
export const UPDATE_COMPANY_SETTINGS_PATH = '/backend/api/v2/company/my/update';

export const companySettingsQueryOptions = queryOptions({
  queryKey: companyQueryKeys.settings,
  queryFn: ({ signal }) => http.get<CompanySettings>(COMPANY_SETTINGS_PATH, { signal }),
});

export function useCompanySettings() {
  return useQuery(companySettingsQueryOptions);
}

/**
 * PUT company/my/update with the whole form. The page shows field errors itself (400 is quiet). After a
 * save the answer is the page's data, and the current user is read again: its company_instance carries the
 * settings the rest of the app follows (the maps key, the menu, phone visibility).
 */
export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CompanyUpdateInput) =>
      http.put<CompanySettings>(UPDATE_COMPANY_SETTINGS_PATH, form, { quietStatuses: [400] }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyQueryKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
