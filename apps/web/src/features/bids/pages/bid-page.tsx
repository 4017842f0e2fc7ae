import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { bidStatusClass } from '@app/domain/bids/bids.rules';
import type { Proposition } from '@app/domain/bids/bids.schema';
import { EmailMessage } from '@/components/bid-email/email-message';
import { showBidSnackbar } from '@/components/bid-snackbar/bid-snackbar';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Fact, FactList, RecordSection } from '@/components/lists/record-facts';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { usePageTitle } from '@/components/page-title';
import { errorStatus } from '@/lib/api-error';
import { emailThreadSearch } from '@/lib/email-compose';
import { formatDateTime, formatUsd } from '@/lib/format';
import { showBidNotFound } from '@/lib/messages';
import { usePropositionDetail } from '../api/proposition-detail';
import {
  bookedLoadId,
  useUpdatePropositionPrice,
  useUpdatePropositionStatus,
} from '../api/update-proposition';
import { BidDecisionDialog } from '../components/bid-decision-dialog';
import {
  bidLoadNumber,
  bidPagePath,
  BidStatusChip,
  BrokerRatingChip,
  DeliveryText,
  etaText,
  fullName,
  placeOf,
} from '../components/bid-display';
import { BidPriceDialog } from '../components/bid-price-dialog';

type BidClass = 'active' | 'completed';

/** /bid/{active|completed}/{id}: one bid to a broker, its load, the e-mail as sent and the broker's answer. */
export function BidPage({ list }: { list: BidClass }) {
  const { bidId } = useParams();
  const id = Number(bidId);
  if (!Number.isInteger(id) || id <= 0) return <BidNotFound list={list} />;
  return <BidPageById key={id} list={list} id={id} />;
}

function BidPageById({ list, id }: { list: BidClass; id: number }) {
  const bid = usePropositionDetail(id);

  if (bid.isPending) return <LoadingState />;
  if (bid.isError) {
    if (errorStatus(bid.error) === 404) return <BidNotFound list={list} />;
    return (
      <PageFrame>
        <Paper variant="outlined">
          <ErrorState error={bid.error} onRetry={() => void bid.refetch()} />
        </Paper>
      </PageFrame>
    );
  }
  // A link may name the class the bid had when it was made (a notification about a bid decided since).
  if (bidStatusClass(bid.data.status) !== list) return <Navigate to={bidPagePath(bid.data)} replace />;
  return <BidView bid={bid.data} list={list} />;
}

/** The spec's 'Bid not found' modal, once, over a page that says the same and leads back to the list. */
function BidNotFound({ list }: { list: BidClass }) {
  const { t } = useTranslation();
  useEffect(() => showBidNotFound(), []);
  return (
    <PageFrame>
      <Paper variant="outlined">
        <EmptyState
          icon={<SearchOffOutlined />}
          title={t('messages.bidNotFound.title')}
          description={t('messages.bidNotFound.message')}
          action={
            <Button component={RouterLink} to={`/bids/${list}`} variant="outlined">
              {t(`bids.page.backTo.${list}`)}
            </Button>
          }
        />
      </Paper>
    </PageFrame>
  );
}

function BidView({ bid, list }: { bid: Proposition; list: BidClass }) {
  const { t } = useTranslation();
  const number = bidLoadNumber(bid.load);
  const [dialog, setDialog] = useState<'price' | 2 | 3 | null>(null);
  const updatePrice = useUpdatePropositionPrice();
  const updateStatus = useUpdatePropositionStatus();
  usePageTitle(t('bids.page.title', { number }));
  const active = bid.status === 1;
  // A won bid booked the load: it is an active load now (or has moved on from there).
  const booked = bid.status === 2 && bid.load.board_status === 'booked';

  const decide = async (status: 2 | 3, viaPhone: boolean) => {
    const answer = await updateStatus.mutateAsync({ id: bid.id, status, viaPhone });
    const loadId = bookedLoadId(answer);
    showBidSnackbar(
      status === 2
        ? {
            messageKey: 'bids.snackbar.won',
            values: { number },
            to: loadId ? `/load/active/${loadId}` : undefined,
          }
        : { messageKey: 'bids.snackbar.lost', values: { number }, severity: 'info' },
    );
  };

  return (
    <PageFrame>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Link
          component={RouterLink}
          to={`/bids/${list}`}
          underline="hover"
          color="text.secondary"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            fontSize: '0.75rem',
            alignSelf: 'start',
          }}
        >
          <ArrowBackOutlined sx={{ fontSize: 14 }} />
          {t(`bids.page.backTo.${list}`)}
        </Link>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
          <Typography variant="h1" component="h2">
            {t('bids.page.title', { number })}
          </Typography>
          <BidStatusChip bid={bid} />
          <DeliveryText delivery={bid.delivery} />
          <Typography variant="caption" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {t('bids.sentAt', { time: formatDateTime(bid.sent_at) })}
          </Typography>
        </Box>
        {active && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" color="success" onClick={() => setDialog(2)}>
              {t('bids.actions.markWon')}
            </Button>
            <Button variant="outlined" color="inherit" onClick={() => setDialog(3)}>
              {t('bids.actions.markLost')}
            </Button>
            <Button onClick={() => setDialog('price')}>{t('bids.page.updatePrice')}</Button>
          </Box>
        )}
        {booked && (
          <Alert
            severity="success"
            action={
              <Button color="inherit" size="small" component={RouterLink} to={`/load/active/${bid.load.id}`}>
                {t('bids.page.openActiveLoad')}
              </Button>
            }
          >
            {t('bids.page.booked', { number, unit: bid.vehicle.unit_id })}
          </Alert>
        )}
        {bid.delivery === 'failed' && <Alert severity="warning">{t('bids.deliveryHint.failed')}</Alert>}
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
        >
          <RecordSection title={t('bids.page.email')}>
            <FactList>
              <Fact label={t('bids.page.emailTo')}>{bid.email_to ?? '—'}</Fact>
              <Fact label={t('bids.page.emailSubject')}>{bid.email_subject}</Fact>
            </FactList>
          </RecordSection>
          <EmailMessage message={bid.message} label={t('bids.page.emailAsSent')} />
          {/* The thread with the broker: this e-mail first, then the replies (the e-mail drawer, ?dir=email). */}
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={emailThreadSearch({ bid: bid.id, subject: bid.email_subject, to: bid.email_to })}
            startIcon={<ForumOutlined />}
            sx={{ alignSelf: 'start' }}
          >
            {t('email.openThread')}
          </Button>
        </Paper>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <RecordSection title={t('bids.page.bid')}>
              <FactList>
                <Fact label={t('bids.fields.price')}>{formatUsd(bid.price)}</Fact>
                <Fact label={t('bids.fields.driver_price')}>
                  {bid.driver_price === null ? '—' : formatUsd(bid.driver_price)}
                </Fact>
                <Fact label={t('bids.columns.unit')}>{bid.vehicle.unit_id}</Fact>
                <Fact label={t('bids.columns.driver')}>{bid.driver?.full_name ?? t('bids.noDriver')}</Fact>
                <Fact label={t('bids.columns.dispatcher')}>{fullName(bid.dispatcher) || '—'}</Fact>
                <Fact label={t('bids.columns.milesOut')}>
                  {bid.miles_out === null ? '—' : Math.round(bid.miles_out)}
                </Fact>
                <Fact label={t('bids.columns.eta')}>{etaText(bid.eta, t)}</Fact>
              </FactList>
            </RecordSection>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <RecordSection title={t('bids.page.load')}>
              <FactList>
                <Fact label={t('bids.columns.load')}>{number}</Fact>
                {[...bid.load.points]
                  .sort((a, b) => a.order - b.order)
                  .map((point) => (
                    <Fact
                      key={point.id}
                      label={t(point.type === 'pick_up' ? 'bids.page.pickUp' : 'bids.page.delivery')}
                    >
                      {placeOf(point)}
                      {point.date && (
                        <Typography variant="caption" color="text.secondary" component="span">
                          {' · '}
                          {formatDateTime(point.date)}
                        </Typography>
                      )}
                    </Fact>
                  ))}
                <Fact label={t('bids.page.miles')}>{bid.load.miles ?? '—'}</Fact>
                <Fact label={t('bids.columns.broker')}>
                  {bid.load.broker_company ? (
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      {bid.load.broker_company.name}
                      <BrokerRatingChip rating={bid.load.broker_company.rating} />
                    </Box>
                  ) : (
                    '—'
                  )}
                </Fact>
              </FactList>
            </RecordSection>
          </Paper>
        </Box>
      </Box>
      {dialog === 'price' && (
        <BidPriceDialog
          price={bid.price}
          driverPrice={bid.driver_price}
          onSubmit={async (values) => {
            await updatePrice.mutateAsync({ id: bid.id, ...values });
            showBidSnackbar({ messageKey: 'bids.snackbar.priceUpdated', values: { number } });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog === 2 || dialog === 3) && (
        <BidDecisionDialog
          status={dialog}
          loadNumber={number}
          unitId={bid.vehicle.unit_id}
          onSubmit={(viaPhone) => decide(dialog, viaPhone)}
          onClose={() => setDialog(null)}
        />
      )}
    </PageFrame>
  );
}
