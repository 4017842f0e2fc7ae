import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { DriverBid } from '@app/domain/bids/driver-bids.schema';

const COLORS = { pending: 'info', won: 'success', lost: 'default', rejected: 'error' } as const;

/** A bid's answer as a chip: pending, won, lost, rejected. */
export function BidStateChip({ state }: { state: DriverBid['state'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[state]} label={t(`driverPortal.state.${state}`)} />;
}
