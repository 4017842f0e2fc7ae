// The cache keys of the load board's review list of posting e-mails: update_email_postings (and a posting
// e-mail the dispatcher posts or dismisses) asks every page of it again.

export const emailPostingsQueryKeys = {
  all: ['email-postings'] as const,
  list: (page: number) => ['email-postings', 'list', page] as const,
};

export const EMAIL_POSTINGS_API = '/backend/api/v2/loadboard/email-postings';
