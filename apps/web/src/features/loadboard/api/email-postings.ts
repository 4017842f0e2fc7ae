import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailPosting,
  EmailPostingCompletion,
  EmailPostingList,
} from '@app/domain/loadboard/email-postings.schema';
import { http } from '@/lib/api';
import { EMAIL_POSTINGS_API, emailPostingsQueryKeys } from './email-postings-query-keys';

/** Posting e-mails a page of the review list shows. */
export const EMAIL_POSTINGS_PAGE_SIZE = 20;

/** GET loadboard/email-postings: the posting e-mails waiting for review, newest first. */
export function fetchEmailPostings(page: number, signal?: AbortSignal) {
  return http.get<EmailPostingList>(EMAIL_POSTINGS_API, {
    query: { page, limit: EMAIL_POSTINGS_PAGE_SIZE },
    signal,
    // The board's button counts quietly; the review list shows its own error.
    silent: true,
  });
}

export function emailPostingsQueryOptions(page: number) {
  return queryOptions({
    queryKey: emailPostingsQueryKeys.list(page),
    queryFn: ({ signal }) => fetchEmailPostings(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEmailPostings(page: number, enabled = true) {
  return useQuery({ ...emailPostingsQueryOptions(page), enabled });
}

/** PUT loadboard/email-postings/{id}/dismiss. */
export function dismissEmailPosting(id: number) {
  return http.put<EmailPosting>(`${EMAIL_POSTINGS_API}/${id}/dismiss`);
}

/** POST loadboard/email-postings/{id}/post: the fields the dispatcher completed. */
export function postEmailPosting({ id, body }: { id: number; body: EmailPostingCompletion }) {
  // The form shows a refusal under its fields.
  return http.post<EmailPosting>(`${EMAIL_POSTINGS_API}/${id}/post`, body, { quietStatuses: [400] });
}

/** A mutation that refreshes the review list when it succeeds. */
function useReviewMutation<Input>(mutationFn: (input: Input) => Promise<EmailPosting>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailPostingsQueryKeys.all }),
  });
}

export const useDismissEmailPosting = () => useReviewMutation(dismissEmailPosting);
export const usePostEmailPosting = () => useReviewMutation(postEmailPosting);
