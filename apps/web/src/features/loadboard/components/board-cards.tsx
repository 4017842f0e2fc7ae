import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FOCUS_RING_SX } from '@/components/lists/list-table';
import { currentLang } from '@/i18n/i18n';
import { BidsCell, boardItemSx, BrokerCell, RateCell } from './board-cells';
import {
  ageText,
  boardPlaceText,
  firstBoardPickUp,
  lastBoardDelivery,
  vehicleTypeName,
} from './board-display';
import { formatDateTime, formatDims, formatWeight } from '@/lib/format';
import { onBoardItemKeyDown } from './board-keyboard';
import { boardSections } from './board-sections';
import type { BoardSectionsProps } from './board-sections';

/**
 * The board as cards: on a phone, and in the narrow column beside an open load. Each card reads in two
 * glances: the lane with its times, then miles, truck, broker, rate and bids. Same keyboard as the table.
 */
export function BoardCards({
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
    <Box component="ul" aria-label={label} data-board-list sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {boardSections({ pending, others }).map((section) => [
        section.title && (
          <Box
            component="li"
            key={`section-${section.key}`}
            data-section={section.key}
            sx={{ px: 2, py: 0.5, bgcolor: 'action.hover' }}
          >
            <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
              {t(section.title, { count: section.loads.length })}
            </Typography>
          </Box>
        ),
        ...section.loads.map((load) => {
          const pickUp = firstBoardPickUp(load);
          const delivery = lastBoardDelivery(load);
          const isFresh = fresh.has(load.id);
          const truck = [
            load.miles === null ? '' : t('loadboard.row.miles', { miles: load.miles }),
            load.deadhead_miles === null ? '' : t('loadboard.row.deadhead', { miles: load.deadhead_miles }),
            vehicleTypeName(load.vehicle_type, lang),
            formatDims(load),
            formatWeight(load.weight),
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <Box
              component="li"
              key={load.id}
              tabIndex={0}
              data-board-item
              data-load-id={load.id}
              data-seen={load.already_saw || undefined}
              data-new={isFresh || undefined}
              aria-label={t('loadboard.row.label', { id: load.id })}
              aria-current={selectedId === load.id || undefined}
              onClick={() => onOpen(load)}
              onKeyDown={(event) =>
                onBoardItemKeyDown(event, { onOpen: () => onOpen(load), onSeen: () => onSeen(load) })
              }
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                px: 2,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                cursor: 'pointer',
                '&:hover': { bgcolor: 'action.hover' },
                ...(selectedId === load.id ? { bgcolor: 'action.selected' } : {}),
                ...FOCUS_RING_SX,
                ...boardItemSx(load, isFresh, selectedId === load.id),
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {boardPlaceText(pickUp) || '—'} → {boardPlaceText(delivery) || '—'}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {ageText(load, now, lang)}
                </Typography>
              </Box>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {[formatDateTime(pickUp?.date), formatDateTime(delivery?.date)].filter(Boolean).join(' → ')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                  {truck}
                </Typography>
                <Box sx={{ textAlign: 'right' }}>
                  <RateCell load={load} />
                </Box>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                  <BrokerCell load={load} maxWidth={400} />
                </Box>
                {(load.pending_driver_bids.length > 0 || load.dispatcher_bids.length > 0) && (
                  <BidsCell load={load} />
                )}
              </Box>
            </Box>
          );
        }),
      ])}
    </Box>
  );
}
