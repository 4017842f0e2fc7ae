import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { refusalText } from '@/components/error-messages/error-messages';
import { useCompleteMailboxSignIn } from '../api/mailbox';

/** What Google and Zoho add to the address on their way back; none of it stays in the address bar. */
const RETURN_PARAMS = [
  'code',
  'state',
  'scope',
  'authuser',
  'hd',
  'prompt',
  'iss',
  'error',
  'error_description',
  'location',
  'accounts-server',
];

/**
 * The return from Google's or Zoho's sign-in to /settings/profile/?code=..&state=..: once `ready` (the
 * mailbox was read, so the session's token is fresh and a body-carrying call is not refused for it), the
 * code and state are posted once and the provider's parameters leave the address (replaced, so Back does
 * not bring them again). A return with `error` (the user declined at the provider) posts nothing.
 */
export function useMailboxOauthReturn(ready: boolean) {
  const [params, setParams] = useSearchParams();
  // The return as the page opened with it: the address changes when the parameters are removed.
  const [returned] = useState(() => ({
    code: params.get('code'),
    state: params.get('state'),
    declined: params.has('error'),
  }));
  const complete = useCompleteMailboxSignIn();
  const { mutate } = complete;
  const handled = useRef(false);

  useEffect(() => {
    if (!ready || handled.current || !returned.state || (!returned.code && !returned.declined)) return;
    handled.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    if (returned.code) mutate({ code: returned.code, state: returned.state });
  }, [ready, returned, setParams, mutate]);

  return { complete, cancelled: returned.declined && !returned.code && returned.state !== null };
}

/** What became of the return: being completed, connected, refused (by its code) or declined. */
export function MailboxOauthReturnStatus({ status }: { status: ReturnType<typeof useMailboxOauthReturn> }) {
  const { t } = useTranslation();
  const { complete, cancelled } = status;
  if (cancelled) return <Alert severity="info">{t('profile.mailbox.signInCancelled')}</Alert>;
  if (complete.isPending) return <Alert severity="info">{t('profile.mailbox.signInCompleting')}</Alert>;
  if (complete.isSuccess) {
    return (
      <Alert severity="success">
        {t('profile.mailbox.signInDone', { address: complete.data.address ?? '' })}
      </Alert>
    );
  }
  if (complete.isError) {
    return (
      <Alert severity="warning">
        {refusalText(complete.error) ?? t('profile.mailbox.signInNotCompleted')}
      </Alert>
    );
  }
  return null;
}
