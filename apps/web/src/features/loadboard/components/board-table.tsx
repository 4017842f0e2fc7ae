import { useTranslation } from 'react-i18next';
import { formatDims, formatWeight } from '@/lib/format';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { FOCUS_RING_SX, ListTable } from '@/components/lists/list-table';
import { currentLang } from '@/i18n/i18n';
import { BidsCell, boardItemSx, BrokerCell, PlaceCell, RateCell } from './board-cells';
import { ageText, firstBoardPickUp, lastBoardDelivery, stopCount, vehicleTypeName } from './board-display';
import { onBoardItemKeyDown } from './board-keyboard';
import type { BoardSectionsProps } from './board-sections';
import { boardSections } from './board-sections';

const COLUMNS = 8;

/**
 * The board on a wide screen: the pending-driver-bids section above the others, one row per load that a
 * dispatcher reads left to right (where from and when, where to and when, miles, what it needs, who
 * posts it, what it pays, the bids, how old). Narrow columns keep every one in view at 1280 px beside the
 * compact right-hand panel.
 */
export function BoardTable({
  pending,
  others,
  fresh,
  selectedId,
  now,
  onOpen,
  onSeen,
  label,
}: BoardSectionsProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Box data-board-list>
      <ListTable
        label={label}
        minWidth={840}
        columns={
          <>
            <TableCell>{t('loadboard.columns.pickUp')}</TableCell>
            <TableCell>{t('loadboard.columns.delivery')}</TableCell>
            <TableCell align="right">{t('loadboard.columns.miles')}</TableCell>
            <TableCell>{t('loadboard.columns.vehicle')}</TableCell>
            <TableCell>{t('loadboard.columns.broker')}</TableCell>
            <TableCell align="right">{t('loadboard.columns.rate')}</TableCell>
            <TableCell>{t('loadboard.columns.bids')}</TableCell>
            <TableCell align="right">{t('loadboard.columns.age')}</TableCell>
          </>
        }
      >
        {boardSections({ pending, others }).map((section) => [
          section.title && (
            <TableRow key={`section-${section.key}`} data-section={section.key}>
              <TableCell colSpan={COLUMNS} sx={{ py: 0.5, bgcolor: 'action.hover' }}>
                <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
                  {t(section.title, { count: section.loads.length })}
                </Typography>
              </TableCell>
            </TableRow>
          ),
          ...section.loads.map((load) => (
            <BoardRow
              key={load.id}
              load={load}
              fresh={fresh.has(load.id)}
              selected={selectedId === load.id}
              now={now}
              lang={lang}
              onOpen={() => onOpen(load)}
              onSeen={() => onSeen(load)}
            />
          )),
        ])}
      </ListTable>
    </Box>
  );
}

type BoardRowProps = {
  load: BoardLoad;
  fresh: boolean;
  selected: boolean;
  now: number;
  lang: ReturnType<typeof currentLang>;
  onOpen: () => void;
  onSeen: () => void;
};

function BoardRow({ load, fresh, selected, now, lang, onOpen, onSeen }: BoardRowProps) {
  const { t } = useTranslation();
  const details = [formatDims(load), formatWeight(load.weight)].filter(Boolean).join(' · ');
  return (
    <TableRow
      hover
      selected={selected}
      tabIndex={0}
      data-board-item
      data-load-id={load.id}
      data-seen={load.already_saw || undefined}
      data-new={fresh || undefined}
      aria-label={t('loadboard.row.label', { id: load.id })}
      onClick={onOpen}
      onKeyDown={(event) => onBoardItemKeyDown(event, { onOpen, onSeen })}
      sx={{
        cursor: 'pointer',
        '& td': { verticalAlign: 'top' },
        ...FOCUS_RING_SX,
        ...boardItemSx(load, fresh, selected),
      }}
    >
      <TableCell>
        <PlaceCell point={firstBoardPickUp(load)} stops={stopCount(load)} />
      </TableCell>
      <TableCell>
        <PlaceCell point={lastBoardDelivery(load)} />
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        <div>{load.miles ?? '—'}</div>
        {load.deadhead_miles !== null && (
          <Typography
            variant="caption"
            color="text.secondary"
            title={t('loadboard.row.deadheadHint', { miles: load.deadhead_miles })}
          >
            {t('loadboard.row.deadhead', { miles: load.deadhead_miles })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ maxWidth: 170 }}>
        <div>{vehicleTypeName(load.vehicle_type, lang) || '—'}</div>
        {details && (
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {details}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <BrokerCell load={load} maxWidth={150} />
      </TableCell>
      <TableCell align="right">
        <RateCell load={load} />
      </TableCell>
      <TableCell>
        <BidsCell load={load} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="caption" color="text.secondary">
          {ageText(load, now, lang)}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
