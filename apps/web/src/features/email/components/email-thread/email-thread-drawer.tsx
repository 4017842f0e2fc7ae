import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { EMAIL_DIR, EMAIL_THREAD_PARAMS } from '@/lib/email-compose';
import { EmailChatSearch } from './email-chat-search';
import { EmailThread } from './email-thread';

/** Width of the drawer on a screen wide enough; a phone gets the whole screen. */
export const EMAIL_DRAWER_WIDTH = 560;

const idParam = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * The e-mail threads over the page, driven by the address (?dir=email): chat={id} shows that thread (the
 * notification of a broker's reply leads here), bid={id} or load={id} the threads about that record, and
 * subject a search. It is not modal: the page stays usable beside it, and so does the compose widget
 * over it; Escape or the close button closes it.
 */
export function EmailThreadDrawer() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const open = params.get('dir') === EMAIL_DIR;
  const chatId = idParam(params.get('chat'));
  const bid = idParam(params.get('bid'));
  const load = idParam(params.get('load'));

  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of EMAIL_THREAD_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const openThread = useCallback(
    (id: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('chat', String(id));
        return next;
      }),
    [setParams],
  );
  const backToList = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('chat');
      next.set('all', '1');
      return next;
    });

  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('email.thread.label'),
          elevation: 16,
          onKeyDown: (event: React.KeyboardEvent) => {
            if (event.key === 'Escape') close();
          },
          sx: { width: EMAIL_DRAWER_WIDTH, maxWidth: '100vw', zIndex: (theme) => theme.zIndex.drawer + 2 },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {chatId !== undefined && (
          <Tooltip title={t('email.thread.backToList')}>
            <IconButton size="small" aria-label={t('email.thread.backToList')} onClick={backToList}>
              <ArrowBackOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600, pl: 0.5 }}>
          {t('email.thread.title')}
        </Typography>
        <Tooltip title={t('email.thread.close')}>
          <IconButton size="small" aria-label={t('email.thread.close')} onClick={close}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ p: 1.5, overflowY: 'auto', flex: 1 }}>
        {open &&
          (chatId !== undefined ? (
            <EmailThread key={chatId} chatId={chatId} />
          ) : (
            <EmailChatSearch
              key={`${bid ?? ''}-${load ?? ''}`}
              hint={{
                bid,
                load,
                subject: params.get('subject') ?? '',
                to: params.get('to') ?? undefined,
                autoOpen: !params.has('all'),
              }}
              onOpen={openThread}
            />
          ))}
      </Box>
    </Drawer>
  );
}
