import { useMutation } from '@tanstack/react-query';
import type { Lang } from '@app/domain/common/lookups';
import { http } from '@/lib/api';

/** PUT profile/me/update with the names unchanged: the driver's language follows them to every device. */
export function updateLanguage(body: { first_name: string; last_name: string; lang: Lang }) {
  return http.put<unknown>('/backend/api/v2/profile/me/update', body, { silent: true });
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
