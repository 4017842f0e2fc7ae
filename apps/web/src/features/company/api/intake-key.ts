import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntakeKeyCreated, IntakeKeyStatus } from '@app/domain/loadboard/intake.schema';
import { http } from '@/lib/api';
import { companyQueryKeys } from './company-query-keys';

export const INTAKE_KEY_PATH = '/backend/api/v2/company/my/intake-key';
export const ROTATE_INTAKE_KEY_PATH = `${INTAKE_KEY_PATH}/rotate`;
/** Where outside load boards and scripts post loads with the key (shown on the settings page). */
export const INTAKE_ENDPOINT_PATH = '/backend/api/v2/loadboard/intake';

export const intakeKeyQueryKey = [...companyQueryKeys.settings, 'intake-key'] as const;

export const intakeKeyQueryOptions = queryOptions({
  queryKey: intakeKeyQueryKey,
  queryFn: ({ signal }) => http.get<IntakeKeyStatus>(INTAKE_KEY_PATH, { signal }),
});

/** GET company/my/intake-key: whether the company has a load intake key and since when (never the key). */
export function useIntakeKeyStatus() {
  return useQuery(intakeKeyQueryOptions);
}

/**
 * POST company/my/intake-key/rotate: a new key, answered this once (the page shows it until it is left);
 * the key before it stops working at once.
 */
export function useRotateIntakeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<IntakeKeyCreated>(ROTATE_INTAKE_KEY_PATH),
    onSuccess: (created) =>
      queryClient.setQueryData<IntakeKeyStatus>(intakeKeyQueryKey, {
        has_key: true,
        created_at: created.created_at,
      }),
  });
}

/** DELETE company/my/intake-key: postings with the key are refused from now on. */
export function useRemoveIntakeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<IntakeKeyStatus>(INTAKE_KEY_PATH),
    onSuccess: (status) => queryClient.setQueryData(intakeKeyQueryKey, status),
  });
}
