import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PropositionSettings,
  PropositionSettingsUpdateInput,
} from '@app/domain/company/proposition-settings.schema';
import { http } from '@/lib/api';
import { companyQueryKeys } from './company-query-keys';

export const PROPOSITION_SETTINGS_PATH = '/backend/api/v2/company/my/propositions';
export const UPDATE_PROPOSITION_SETTINGS_PATH = `${PROPOSITION_SETTINGS_PATH}/update`;

export const propositionSettingsQueryKey = [...companyQueryKeys.settings, 'propositions'] as const;

export const propositionSettingsQueryOptions = queryOptions({
  queryKey: propositionSettingsQueryKey,
  queryFn: ({ signal }) => http.get<PropositionSettings>(PROPOSITION_SETTINGS_PATH, { signal }),
});

/** GET company/my/propositions: the proposition template and SMTP settings (never the password). */
export function usePropositionSettings() {
  return useQuery(propositionSettingsQueryOptions);
}

/** PUT company/my/propositions/update: the whole section; the form shows field errors itself (400 quiet). */
export function useUpdatePropositionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropositionSettingsUpdateInput) =>
      http.put<PropositionSettings>(UPDATE_PROPOSITION_SETTINGS_PATH, body, { quietStatuses: [400] }),
    onSuccess: (saved) => queryClient.setQueryData(propositionSettingsQueryKey, saved),
  });
}
