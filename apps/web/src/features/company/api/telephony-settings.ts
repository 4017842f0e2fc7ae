import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TelephonySettings,
  TelephonySettingsUpdateInput,
} from '@app/domain/company/telephony-settings.schema';
import { http } from '@/lib/api';
import { companyQueryKeys } from './company-query-keys';

export const TELEPHONY_SETTINGS_PATH = '/backend/api/v2/company/my/telephony';
export const UPDATE_TELEPHONY_SETTINGS_PATH = `${TELEPHONY_SETTINGS_PATH}/update`;

export const telephonySettingsQueryKey = [...companyQueryKeys.settings, 'telephony'] as const;

export const telephonySettingsQueryOptions = queryOptions({
  queryKey: telephonySettingsQueryKey,
  queryFn: ({ signal }) => http.get<TelephonySettings>(TELEPHONY_SETTINGS_PATH, { signal }),
});

/** GET company/my/telephony: the call system and its click-to-call templates. */
export function useTelephonySettings() {
  return useQuery(telephonySettingsQueryOptions);
}

/** PUT company/my/telephony/update: both templates; the form shows field errors itself (400 quiet). */
export function useUpdateTelephonySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelephonySettingsUpdateInput) =>
      http.put<TelephonySettings>(UPDATE_TELEPHONY_SETTINGS_PATH, body, { quietStatuses: [400] }),
    onSuccess: (saved) => queryClient.setQueryData(telephonySettingsQueryKey, saved),
  });
}
