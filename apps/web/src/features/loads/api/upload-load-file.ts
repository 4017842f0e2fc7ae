import type { LoadFileType } from '@app/domain/loads/load-lifecycle.rules';
import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type UploadLoadFileVariables = { id: number; file: File; file_type: LoadFileType };

/** PUT loads/active/{id}/upload-file (multipart: file and file_type). */
export function uploadLoadFile({ id, file, file_type }: UploadLoadFileVariables): Promise<unknown> {
  const form = new FormData();
  form.append('file_type', file_type);
  form.append('file', file, file.name);
  return http.put(`${LOADS_API}/active/${id}/upload-file`, form, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useUploadLoadFile() {
  return useLoadMutation(uploadLoadFile);
}
