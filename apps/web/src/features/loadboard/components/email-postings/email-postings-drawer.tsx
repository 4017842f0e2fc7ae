import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { pageCount } from '@app/domain/common/pagination';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListFetchingBar } from '@/components/lists/list-page';
import { LoadingState } from '@/components/loading-state';
import { EMAIL_POSTINGS_PAGE_SIZE, useEmailPostings } from '../../api/email-postings';
import { EmailPostingItem } from './email-posting-item';

/** The review list of posting e-mails, newest first, in a panel at the right (the whole screen on a phone). */
export function EmailPostingsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const answer = useEmailPostings(page);
  const pages = pageCount(answer.data?.count ?? 0, EMAIL_POSTINGS_PAGE_SIZE);
  const panel = useRef<HTMLDivElement | null>(null);
  const postings = answer.data?.results;
  useLayoutEffect(() => {
    // A posting posted or dismissed leaves the list with the button that had the focus, and the focus falls
    // out of the panel: it is brought back, so that Escape closes the panel and Tab stays in it.
    const paper = panel.current;
    if (paper && !paper.contains(document.activeElement)) paper.focus();
  }, [postings]);
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          ref: panel,
          tabIndex: -1,
          sx: { width: { xs: '100%', sm: 560 }, outline: 'none' },
          role: 'dialog',
          'aria-label': t('emailPostings.title'),
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t('emailPostings.title')}
        </Typography>
        <IconButton size="small" aria-label={t('common.close')} onClick={onClose}>
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Box>
      <ListFetchingBar show={answer.isFetching && !answer.isPending} />
      <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5 }}>
        {answer.isPending ? (
          <LoadingState />
        ) : answer.isError && !answer.data ? (
          <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
        ) : answer.data.results.length === 0 ? (
          <EmptyState
            compact
            icon={<MarkEmailReadOutlined />}
            title={t('emailPostings.empty')}
            description={t('emailPostings.emptyHint')}
          />
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {t('emailPostings.hint')}
            </Typography>
            {answer.data.results.map((posting) => (
              <EmailPostingItem key={posting.id} posting={posting} />
            ))}
          </Stack>
        )}
      </Box>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1, borderTop: 1, borderColor: 'divider' }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            size="small"
            onChange={(_event, next) => setPage(next)}
            getItemAriaLabel={(type, item) =>
              type === 'page' ? t('emailPostings.pageButton', { page: item }) : t(`lists.pageButton.${type}`)
            }
          />
        </Box>
      )}
    </Drawer>
  );
}
