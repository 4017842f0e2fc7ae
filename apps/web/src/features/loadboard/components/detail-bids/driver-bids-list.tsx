import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { driverBidRejectSchema, MAX_REJECT_REASON_LENGTH } from '@app/domain/bids/driver-bids.schema';
import type { BoardDriverBid } from '@app/domain/loadboard/loadboard.schema';
import { showBidSnackbar } from '@/components/bid-snackbar/bid-snackbar';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { formatDateTime, formatUsd } from '@/lib/format';
import { useRejectDriverBid } from './detail-bids-api';
import { useDetailBidMessageText } from './detail-bids-display';

type DriverBidsListProps = {
  bids: readonly BoardDriverBid[];
  /** The bid the dispatcher opened the load for (?active_driver=), or accepted. */
  selectedId: number | null;
  onAccept: (bid: BoardDriverBid) => void;
};

/** The bids of drivers and owners waiting for an answer, oldest first: accept into the form, or reject. */
export function DriverBidsList({ bids, selectedId, onAccept }: DriverBidsListProps) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState<BoardDriverBid | null>(null);
  if (bids.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('bids.section.noDriverBids')}
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" aria-label={t('bids.section.driverBids')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {bids.map((bid) => {
          const name = bid.driver_name ?? t('bids.noDriver');
          const selected = bid.id === selectedId;
          return (
            <Box
              component="li"
              key={bid.id}
              aria-current={selected || undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
                py: 0.75,
                px: 1,
                borderRadius: 1,
                bgcolor: selected ? (theme) => alpha(theme.palette.primary.main, 0.08) : undefined,
                '& + &': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {bid.unit_id ?? '—'} · {name}{' '}
                  <Chip
                    size="small"
                    label={t(`bids.section.kind.${bid.kind}`)}
                    sx={{ height: 18, fontSize: 11 }}
                  />
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[
                    bid.miles_out === null ? null : t('bids.section.milesOut', { miles: bid.miles_out }),
                    bid.eta_at ? t('bids.section.etaAt', { time: formatDateTime(bid.eta_at) }) : null,
                    formatDateTime(bid.created_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatUsd(bid.price)}
              </Typography>
              <Button
                size="small"
                variant={selected ? 'contained' : 'outlined'}
                onClick={() => onAccept(bid)}
              >
                {t('bids.section.accept')}
              </Button>
              <Button size="small" color="error" onClick={() => setRejecting(bid)}>
                {t('bids.section.reject')}
              </Button>
            </Box>
          );
        })}
      </Box>
      {rejecting && <RejectDialog bid={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

/** PUT bids/driver-bid/{id}/reject {reason}: the reason is required and goes to the driver or owner. */
function RejectDialog({ bid, onClose }: { bid: BoardDriverBid; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useDetailBidMessageText();
  const reject = useRejectDriverBid();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const { pending, error, run } = useDialogAction(onClose);
  const parsed = driverBidRejectSchema.safeParse({ reason });
  const problem = parsed.success ? undefined : message(parsed.error.issues[0]?.message ?? '');
  const name = bid.driver_name ?? bid.unit_id ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || pending) return;
    void run(async () => {
      await reject.mutateAsync({ id: bid.id, reason: parsed.data.reason });
      showBidSnackbar({ messageKey: 'bids.snackbar.rejected', values: { name }, severity: 'info' });
    });
  };

  return (
    <FormDialog
      titleId="reject-driver-bid-title"
      title={t('bids.section.rejectTitle', { name })}
      pending={pending}
      danger
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('bids.actions.cancel')}
      submitLabel={t('bids.section.rejectSubmit')}
      size="xs"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <TextField
          autoFocus
          required
          multiline
          minRows={2}
          label={t('bids.section.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && Boolean(problem)}
          helperText={touched ? problem : undefined}
          slotProps={{ htmlInput: { maxLength: MAX_REJECT_REASON_LENGTH } }}
        />
        <ErrorAlert error={error} messageText={message} />
      </Box>
    </FormDialog>
  );
}
