import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { pageCount } from '@app/domain/common/pagination';
import { relativeTime } from '@app/domain/common/time';
import { EmptyState } from '@/components/empty-state';
import { ListBody, ListFetchingBar } from '@/components/lists/list-page';
import { ListSearchField } from '@/components/lists/list-search-field';
import { PageFrame } from '@/components/page-frame';
import { currentLang } from '@/i18n/i18n';
import { useRatingQueue } from '../api/broker-rating';
import { BlacklistChip } from '../components/blacklist-chip';
import { BrokerCheckPanel } from '../components/broker-check-panel';
import { BrokerPicker } from '../components/broker-picker';
import { CreditCheckChip } from '../components/credit-check';
import { RatingChip } from '../components/rating-chip';

export const RATING_QUEUE_PAGE_SIZE = 25;

/**
 * /partners/brokers-check/ (the conflict manager, role 13, alone): the rating queue, the longest waiting
 * first, beside everything checked about the chosen broker — rating, credit check, blacklist and the
 * rating history. Any other broker can be found by name or MC number and checked the same way. A rated
 * broker leaves the queue and stays open so the result can be seen; on a phone the check opens over the
 * queue.
 */
export function BrokersCheckPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<BrokerCompany | null>(null);
  const queue = useRatingQueue({ page, limit: RATING_QUEUE_PAGE_SIZE, search: search.trim() || undefined });
  // The list's newer copy of the chosen broker, when the queue was fetched again after a change elsewhere.
  const shown = queue.data?.results.find((broker) => broker.id === selected?.id) ?? selected;

  const queuePart = (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h2" id="rating-queue-title">
            {t('brokers.check.queue')}
          </Typography>
          {queue.data && (
            <Typography variant="body2" color="text.secondary" aria-label={t('brokers.check.queueCount')}>
              {queue.data.count}
            </Typography>
          )}
        </Box>
        <ListSearchField
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          label={t('brokers.check.searchQueue')}
          placeholder={t('brokers.list.searchPlaceholder')}
          fullWidth
        />
      </Box>
      <ListFetchingBar show={queue.isRefetching} />
      <QueueBody
        queue={queue}
        page={page}
        search={search}
        selectedId={shown?.id ?? null}
        onPage={setPage}
        onSelect={setSelected}
      />
    </Paper>
  );

  const finder = (
    <BrokerPicker
      label={t('brokers.check.findAny')}
      value={null}
      clearOnChoose
      onChange={(broker) => {
        if (broker) setSelected(broker);
      }}
    />
  );

  if (!wide) {
    return (
      <PageFrame toolbar={<Box sx={{ flex: 1 }}>{finder}</Box>}>
        {queuePart}
        {shown && (
          <Dialog open fullScreen onClose={() => setSelected(null)} aria-labelledby="broker-check-title">
            <DialogTitle
              id="broker-check-title"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}
            >
              <IconButton aria-label={t('brokers.check.backToQueue')} onClick={() => setSelected(null)}>
                <ArrowBackOutlined fontSize="small" />
              </IconButton>
              {t('brokers.check.title')}
            </DialogTitle>
            <DialogContent dividers>
              <BrokerCheckPanel key={shown.id} broker={shown} onChanged={setSelected} />
            </DialogContent>
          </Dialog>
        )}
      </PageFrame>
    );
  }

  return (
    <PageFrame toolbar={<Box sx={{ width: 420, maxWidth: '100%' }}>{finder}</Box>}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'minmax(300px, 400px) minmax(0, 1fr)',
          alignItems: 'start',
        }}
      >
        {queuePart}
        <Paper
          variant="outlined"
          component="section"
          aria-label={t('brokers.check.title')}
          sx={{ p: 2, position: 'sticky', top: 64 }}
        >
          {shown ? (
            <BrokerCheckPanel key={shown.id} broker={shown} onChanged={setSelected} />
          ) : (
            <EmptyState
              icon={<FactCheckOutlined />}
              title={t('brokers.check.chooseTitle')}
              description={t('brokers.check.chooseHint')}
            />
          )}
        </Paper>
      </Box>
    </PageFrame>
  );
}

type QueueBodyProps = {
  queue: ReturnType<typeof useRatingQueue>;
  page: number;
  search: string;
  selectedId: number | null;
  onPage: (page: number) => void;
  onSelect: (broker: BrokerCompany) => void;
};

function QueueBody({ queue, search, ...listProps }: QueueBodyProps) {
  const { t } = useTranslation();
  const empty = search.trim() ? (
    <EmptyState compact title={t('brokers.list.noMatches')} />
  ) : (
    <EmptyState
      compact
      icon={<TaskAltOutlined />}
      title={t('brokers.check.queueEmpty')}
      description={t('brokers.check.queueEmptyHint')}
    />
  );
  return (
    <ListBody query={queue} empty={empty}>
      {(data) => <QueueList queue={data} fetchedAt={queue.dataUpdatedAt} {...listProps} />}
    </ListBody>
  );
}

type QueueListProps = Omit<QueueBodyProps, 'queue' | 'search'> & {
  queue: NonNullable<QueueBodyProps['queue']['data']>;
  /** Waiting times are as of the queue's fetch: it is fetched again on focus and after every change. */
  fetchedAt: number;
};

function QueueList({ queue, fetchedAt, page, selectedId, onPage, onSelect }: QueueListProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const pages = pageCount(queue.count, RATING_QUEUE_PAGE_SIZE);
  return (
    <>
      <List aria-labelledby="rating-queue-title" disablePadding>
        {queue.results.map((broker) => (
          <li key={broker.id}>
            <ListItemButton
              selected={broker.id === selectedId}
              aria-current={broker.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(broker)}
              sx={{ display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography variant="body1" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                  {broker.name}
                </Typography>
                {broker.rating_requested_at && (
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {relativeTime(broker.rating_requested_at, fetchedAt, lang)}
                  </Typography>
                )}
              </Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {[
                  formatMcNumber(broker.mc_number),
                  t(broker.is_otr ? 'brokers.type.otr' : 'brokers.type.nonOtr'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                <RatingChip rating={broker.rating.id} />
                <CreditCheckChip check={broker.credit_check} />
                {broker.in_blacklist && <BlacklistChip reason={broker.blacklist_reason} />}
              </Box>
            </ListItemButton>
          </li>
        ))}
      </List>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <Pagination
            count={pages}
            page={page}
            size="small"
            onChange={(_event, next) => onPage(next)}
            getItemAriaLabel={(type, item) =>
              type === 'page' ? t('brokers.history.page', { page: item }) : t(`brokers.history.${type}`)
            }
          />
        </Box>
      )}
    </>
  );
}
