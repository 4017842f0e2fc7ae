import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useEmailPostings } from '../../api/email-postings';
import { EmailPostingsDrawer } from './email-postings-drawer';

/**
 * The load board's "From e-mail (N)" button: N posting e-mails of brokers wait for a dispatcher (the
 * e-mail intake could not read what a posting needs). It opens the review list; the count stays live
 * (update_email_postings).
 */
export function EmailPostingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const answer = useEmailPostings(1);
  const count = answer.data?.count;
  return (
    <>
      <Button
        size="small"
        color={count ? 'warning' : 'inherit'}
        startIcon={
          <Badge color="warning" variant="dot" invisible={!count}>
            <MarkEmailUnreadOutlined fontSize="small" />
          </Badge>
        }
        onClick={() => setOpen(true)}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {count === undefined ? t('emailPostings.button') : t('emailPostings.buttonCount', { count })}
      </Button>
      {open && <EmailPostingsDrawer onClose={() => setOpen(false)} />}
    </>
  );
}
