import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import type { BoardDriverBid, BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { useSentBids } from './detail-bids-api';
import { DriverBidsList } from './driver-bids-list';
import { ForwardDialog } from './forward-dialog';
import { PropositionForm } from './proposition-form';
import type { PropositionPrefill } from './proposition-form';
import { SentBidsList } from './sent-bids-list';

export type LoadBidsSectionProps = {
  load: BoardLoad;
  /** ?active_driver= of the detail's address: that driver's pending bid is selected. */
  activeDriverId?: number | undefined;
};

/** Called when a bid is accepted (not while drawing): the ETA counts from that moment. */
function prefillOf(bid: BoardDriverBid, noDriver: string): PropositionPrefill {
  return {
    carId: bid.vehicle_id,
    driverPrice: bid.price,
    etaSeconds: bid.eta_at ? Math.max(0, (new Date(bid.eta_at).getTime() - Date.now()) / 1000) : null,
    from: bid.driver_name ?? bid.unit_id ?? noDriver,
  };
}

/**
 * The bids of a board load, in the detail beside the board: the drivers' and owners' bids waiting for an
 * answer (accept puts one in the proposition form; reject asks for the reason), the bids already sent to
 * the broker, Forward to trucks, and the proposition form.
 */
export function LoadBidsSection({ load, activeDriverId }: LoadBidsSectionProps) {
  const { t } = useTranslation();
  const noDriver = t('bids.noDriver');
  // The bid accepted into the form; at first the one of the driver the address names.
  const [accepted, setAccepted] = useState(() => {
    const bid = load.pending_driver_bids.find((pending) => pending.driver_id === activeDriverId);
    return bid ? { bid, prefill: prefillOf(bid, noDriver) } : null;
  });
  const [forwarding, setForwarding] = useState(false);
  // Bumped when a bid is placed: the form starts afresh.
  const [sentCount, setSentCount] = useState(0);
  const sent = useSentBids(load.id);

  return (
    <Box
      component="section"
      aria-label={t('bids.section.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('bids.section.driverBids')}
          {load.pending_driver_bids.length > 0 && ` (${load.pending_driver_bids.length})`}
        </Typography>
        <Button
          size="small"
          startIcon={<ForwardToInboxOutlined />}
          onClick={() => setForwarding(true)}
          sx={{ ml: 'auto' }}
        >
          {t('bids.section.forward')}
        </Button>
      </Box>
      <DriverBidsList
        bids={load.pending_driver_bids}
        selectedId={accepted?.bid.id ?? null}
        onAccept={(bid) => setAccepted({ bid, prefill: prefillOf(bid, noDriver) })}
      />
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('bids.section.sentBids')}
          {sent.data && sent.data.count > 0 && ` (${sent.data.count})`}
        </Typography>
        <Link component={RouterLink} to="/bids/active" variant="caption" sx={{ ml: 'auto' }}>
          {t('bids.section.allActiveBids')}
        </Link>
      </Box>
      <SentBidsList query={sent} />
      <Divider />
      {/* A new accepted bid fills the form afresh; a placed bid empties it. */}
      <PropositionForm
        key={`${accepted?.bid.id ?? 'none'}-${sentCount}`}
        load={load}
        prefill={accepted?.prefill ?? null}
        onSent={() => {
          setAccepted(null);
          setSentCount((count) => count + 1);
        }}
      />
      {forwarding && <ForwardDialog load={load} onClose={() => setForwarding(false)} />}
    </Box>
  );
}
