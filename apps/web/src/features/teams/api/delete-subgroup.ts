import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const deleteSubgroupPath = (id: number) => `/backend/api/v2/working-groups/subgroups/${id}`;

/** DELETE working-groups/subgroups/{id}, with move_to (another subgroup) when it still has loads or people. */
export function useDeleteSubgroup() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo: number | null }) =>
      http.delete<{ detail: string }>(deleteSubgroupPath(id), {
        query: { move_to: moveTo },
        quietStatuses: [400, 409],
      }),
    onSuccess: () => after(),
  });
}
