import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsProviderSettings, SmsProviderUpdate } from '@app/domain/sms/sms.schema';
import { http } from '@/lib/api';
import { companyQueryKeys } from './company-query-keys';

export const SMS_PROVIDER_PATH = '/backend/api/v2/company/my/sms-provider';

export const smsProviderQueryKey = [...companyQueryKeys.settings, 'sms-provider'] as const;

export const smsProviderQueryOptions = queryOptions({
  queryKey: smsProviderQueryKey,
  queryFn: ({ signal }) => http.get<SmsProviderSettings>(SMS_PROVIDER_PATH, { signal }),
});

/** GET company/my/sms-provider: the provider, its account and number; whether a token is stored. */
export function useSmsProvider() {
  return useQuery(smsProviderQueryOptions);
}

/** PUT company/my/sms-provider: the form shows field errors itself (400 quiet). */
export function useUpdateSmsProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsProviderUpdate) =>
      http.put<SmsProviderSettings>(SMS_PROVIDER_PATH, body, { quietStatuses: [400] }),
    onSuccess: (saved) => queryClient.setQueryData(smsProviderQueryKey, saved),
  });
}
