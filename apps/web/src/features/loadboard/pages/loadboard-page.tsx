import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { BOARD_PAGE_LIMIT, boardPageCount } from '@app/domain/loadboard/board-list.rules';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { ErrorState } from '@/components/error-state';
import { ListEmptyState, ListFetchingBar, ListTitle, useListLayout } from '@/components/lists/list-page';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { BoardCards } from '../components/board-cards';
import { boardLoadPath } from '../components/board-display';
import { BoardDetail } from '../components/board-detail';
import { BoardFiltersBar } from '../components/board-filters';
import { anyBoardFilter, boardQuery } from '../components/board-query';
import type { BoardSectionsProps } from '../components/board-sections';
import {
  EMPTY_SCOPE,
  readBrokerNames,
  readScope,
  readSoundOn,
  saveBrokerNames,
  saveScope,
  saveSoundOn,
} from '../components/board-storage';
import type { BoardScope } from '../components/board-storage';
import { BoardTable } from '../components/board-table';
import { EmailPostingsButton } from '../components/email-postings/email-postings-button';
import { useBoardList } from '../components/use-board-list';
import { useBoardTemplates } from '../components/use-board-templates';
import { useNow } from '../components/use-now';

function positiveId(value: string | null | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/**
 * /loadboard/ and /loadboard/{loadId}?active_driver={driverId}: the board of loads offered and not yet
 * booked, live, with its filters and templates; an opened load shows beside the list on a wide screen and
 * alone on a narrow one.
 */
export function LoadboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const theme = useTheme();
  const beside = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { phone, wide } = useListLayout();
  const selectedId = positiveId(params.loadId);
  const activeDriverId = positiveId(searchParams.get('active_driver'));

  const templates = useBoardTemplates();
  const [scope, setScope] = useState(readScope);
  const [soundOn, setSoundOn] = useState(readSoundOn);
  const [brokerNames, setBrokerNames] = useState(readBrokerNames);
  const now = useNow();

  // A new filter goes back to the first page: the page is kept with the filters it was chosen under.
  const filtersKey = JSON.stringify(boardQuery(templates.filters, scope, 1, BOARD_PAGE_LIMIT));
  const [paging, setPaging] = useState({ key: filtersKey, page: 1 });
  const page = paging.key === filtersKey ? paging.page : 1;
  // One object per filters and page, so a live load checked with the server is known to be for this board.
  const query = useMemo(
    () => ({ ...(JSON.parse(filtersKey) as Record<string, string | number | boolean>), page }),
    [filtersKey, page],
  );

  const board = useBoardList({ query, page, filters: templates.filters, scope, soundOn });
  const { answer, list } = board;

  const changeScope = (next: BoardScope) => {
    setScope(next);
    saveScope(next);
  };
  const changeSound = (on: boolean) => {
    setSoundOn(on);
    saveSoundOn(on);
  };
  const learnBrokerNames = (names: Record<number, string>) => {
    const next = { ...brokerNames, ...names };
    setBrokerNames(next);
    saveBrokerNames(next);
  };
  const clear = () => {
    templates.clear();
    changeScope(EMPTY_SCOPE);
  };
  const open = (load: BoardLoad) => {
    board.markSeen([load.id]);
    void navigate(boardLoadPath(load.id));
  };
  const close = () => void navigate('/loadboard/');

  const sections: BoardSectionsProps = {
    pending: list.pending,
    others: list.others,
    fresh: board.fresh,
    selectedId: selectedId ?? null,
    now,
    label: t('loadboard.title'),
    onOpen: open,
    onSeen: (load) => board.markSeen([load.id]),
  };
  const shown = list.pending.length + list.others.length;
  const pages = boardPageCount(list.count, BOARD_PAGE_LIMIT);
  const filtered = anyBoardFilter(query);
  const cards = phone || selectedId !== undefined;

  const listPanel = (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden', minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <ListTitle
          title={t('loadboard.title')}
          count={answer.data ? list.count : undefined}
          countLabel={t('loadboard.count')}
          easternTime={!cards}
        />
        <Box sx={{ flex: 1 }} />
        <EmailPostingsButton />
      </Box>
      <ListFetchingBar show={answer.isFetching && !answer.isPending} />
      {answer.isPending ? (
        <LoadingState />
      ) : answer.isError && !answer.data ? (
        <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
      ) : (
        <>
          {answer.isError && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void answer.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('loadboard.refreshFailed')}
            </Alert>
          )}
          {shown === 0 ? (
            <ListEmptyState
              filtered={filtered}
              noMatchesTitle={t('loadboard.noMatches')}
              noMatchesHint={t('loadboard.noMatchesHint')}
              onClear={clear}
              icon={<LocalShippingOutlined />}
              emptyTitle={t('loadboard.empty')}
              emptyHint={t('loadboard.emptyHint')}
            />
          ) : cards ? (
            <BoardCards {...sections} />
          ) : (
            <BoardTable {...sections} />
          )}
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
              <Pagination
                count={pages}
                page={Math.min(page, pages)}
                size="small"
                onChange={(_event, next) => setPaging({ key: filtersKey, page: next })}
                getItemAriaLabel={(type, item) =>
                  type === 'page' ? t('loadboard.pageButton', { page: item }) : t(`lists.pageButton.${type}`)
                }
              />
            </Box>
          )}
        </>
      )}
    </Paper>
  );

  const detail =
    selectedId === undefined ? null : (
      <BoardDetail key={selectedId} loadId={selectedId} activeDriverId={activeDriverId} onClose={close} />
    );

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <BoardFiltersBar
            templates={templates}
            scope={scope}
            onScope={changeScope}
            brokerNames={brokerNames}
            onBrokerNames={learnBrokerNames}
            soundOn={soundOn}
            onSound={changeSound}
            onClear={clear}
            defaultOpen={wide && selectedId === undefined}
          />
        </Box>
      }
    >
      {detail && !beside ? (
        detail
      ) : detail ? (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: {
              md: 'minmax(300px, 360px) minmax(0, 1fr)',
              xl: 'minmax(360px, 440px) minmax(0, 1fr)',
            },
          }}
        >
          {listPanel}
          {detail}
        </Box>
      ) : (
        listPanel
      )}
    </PageFrame>
  );
}
