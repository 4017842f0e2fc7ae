import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IncentiveTemplate,
  IncentiveTemplateBodyInput,
  IncentiveTemplateList,
} from '@app/domain/accounting/incentives.schema';
import { http } from '@/lib/api';
import { INCENTIVES_API, incentivesQueryKeys, SHOWN_BY_THE_DIALOG } from './incentives-query-keys';

const TEMPLATES = `${INCENTIVES_API}/templates`;

/** GET templates/all: the company's incentive templates, by name. */
export const incentiveTemplatesQueryOptions = queryOptions({
  queryKey: incentivesQueryKeys.templates,
  queryFn: ({ signal }) => http.get<IncentiveTemplateList>(`${TEMPLATES}/all`, { signal }),
});

export function useIncentiveTemplates() {
  return useQuery(incentiveTemplatesQueryOptions);
}

export type SaveTemplateVariables = { id: number | null; body: IncentiveTemplateBodyInput };

/** POST templates/create, or PUT templates/{id} with the whole template. */
export function saveIncentiveTemplate({ id, body }: SaveTemplateVariables): Promise<IncentiveTemplate> {
  const options = { quietStatuses: SHOWN_BY_THE_DIALOG };
  return id === null
    ? http.post<IncentiveTemplate>(`${TEMPLATES}/create`, body, options)
    : http.put<IncentiveTemplate>(`${TEMPLATES}/${id}`, body, options);
}

/** DELETE templates/{id}: the incentives made from it stay as they are. */
export function deleteIncentiveTemplate(id: number): Promise<{ detail: string }> {
  return http.delete<{ detail: string }>(`${TEMPLATES}/${id}`, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

function useTemplatesChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incentivesQueryKeys.templates }),
  });
}

export const useSaveIncentiveTemplate = () => useTemplatesChange(saveIncentiveTemplate);
export const useDeleteIncentiveTemplate = () => useTemplatesChange(deleteIncentiveTemplate);
