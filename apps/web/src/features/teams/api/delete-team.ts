import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const deleteTeamPath = (id: number) => `/backend/api/v2/working-groups/${id}`;

/**
 * DELETE working-groups/{id}, with move_to (another team) when it still holds work. The dialog shows the
 * 409 team_not_empty itself, with its counts, and asks where they go.
 */
export function useDeleteTeam() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo: number | null }) =>
      http.delete<{ detail: string }>(deleteTeamPath(id), {
        query: { move_to: moveTo },
        quietStatuses: [400, 409],
      }),
    onSuccess: () => after(),
  });
}
