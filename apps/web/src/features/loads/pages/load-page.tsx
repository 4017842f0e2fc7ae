import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { isLoadFromBlacklistedBroker } from '@app/domain/brokers/brokers.rules';
import { allowedLoadActions } from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { usePageTitle } from '@/components/page-title';
import { errorStatus } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { emailThreadSearch } from '@/lib/email-compose';
import { formatDateTime } from '@/lib/format';
import { useLoadDetail } from '../api/load-detail';
import type { LoadList } from '../api/load-query-keys';
import { DamageReportDialog } from '../components/damage-report-dialog';
import { EmailNotifications } from '../components/email-notifications';
import { LoadActions } from '../components/load-actions';
import { brokerText, loadNumberText } from '../components/load-display';
import { LoadFiles } from '../components/load-files';
import { LoadHistory } from '../components/load-history';
import { LoadNotes } from '../components/load-notes';
import { LoadPoints } from '../components/load-points';
import { LoadStatusChip, BlacklistedChip } from '../components/load-status-chip';
import { LoadStatusStepper } from '../components/load-status-stepper';
import { LoadDetails, LoadPeople, LoadPrices } from '../components/load-summary';
import { loadPagePath } from '../components/loads-table';

/** /load/{active|checkout|completed|canceled}/{id}: one load, what can be done with it and its history. */
export function LoadPage({ list }: { list: LoadList }) {
  const { loadId } = useParams();
  const id = Number(loadId);
  if (!Number.isInteger(id) || id <= 0) return <LoadNotFound list={list} />;
  return <LoadPageById key={id} list={list} id={id} />;
}

function LoadPageById({ list, id }: { list: LoadList; id: number }) {
  const location = useLocation();
  const load = useLoadDetail(list, id);

  if (load.isPending) return <LoadingState />;
  if (load.isError) {
    if (errorStatus(load.error) === 404) return <LoadNotFound list={list} />;
    return (
      <PageFrame>
        <Paper variant="outlined">
          <ErrorState error={load.error} onRetry={() => void load.refetch()} />
        </Paper>
      </PageFrame>
    );
  }
  // A deep link may name the list the load was in when the link was made.
  const actualList = loadStatusClass(load.data.status);
  if (actualList !== list) {
    return <Navigate to={`${loadPagePath(actualList, id)}${location.search}`} replace />;
  }
  return <LoadView load={load.data} list={list} />;
}

function LoadNotFound({ list }: { list: LoadList }) {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <Paper variant="outlined">
        <EmptyState
          icon={<SearchOffOutlined />}
          title={t('loads.page.notFound')}
          description={t('loads.page.notFoundHint')}
          action={
            <Button component={RouterLink} to={`/my-loads/${list}/`} variant="outlined">
              {t(`loads.page.backTo.${list}`)}
            </Button>
          }
        />
      </Paper>
    </PageFrame>
  );
}

function LoadView({ load, list }: { load: LoadDetail; list: LoadList }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [searchParams] = useSearchParams();
  const notesAsked = searchParams.get('dir') === 'notes';
  // The status at which a forward move was refused for missing documents; a new status clears it.
  const [documentsAskedAt, setDocumentsAskedAt] = useState<number | null>(null);
  const documentsAsked = documentsAskedAt === load.status;
  // Whoever may open the load may report damage found on it, in any list.
  const [reportingDamage, setReportingDamage] = useState(false);
  const allowed = new Set(allowedLoadActions(load, { role: user.role, is_superuser: user.is_superuser }));
  // The browser tab names the load, not the list it is in.
  usePageTitle(t('loads.page.title', { number: loadNumberText(load) }));

  useEffect(() => {
    if (notesAsked)
      document.getElementById('notes')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [notesAsked]);

  const askForDocuments = () => {
    setDocumentsAskedAt(load.status);
    document.getElementById('files')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <PageFrame>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
          <Link
            component={RouterLink}
            to={`/my-loads/${list}/`}
            underline="hover"
            color="text.secondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '0.75rem' }}
          >
            <ArrowBackOutlined sx={{ fontSize: 14 }} />
            {t(`loads.page.backTo.${list}`)}
          </Link>
          {/* The threads with the broker about this load (the e-mail drawer, ?dir=email). */}
          <Button
            size="small"
            component={RouterLink}
            to={emailThreadSearch({ load: load.id, to: load.reply_email })}
            startIcon={<ForumOutlined />}
            sx={{ ml: 'auto' }}
          >
            {t('email.openThreads')}
          </Button>
          <Button
            size="small"
            color="warning"
            startIcon={<ReportProblemOutlined />}
            onClick={() => setReportingDamage(true)}
          >
            {t('loads.damage.action')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
          <Typography variant="h1" component="h2">
            {t('loads.page.title', { number: loadNumberText(load) })}
          </Typography>
          <LoadStatusChip load={load} />
          <Typography
            variant="body1"
            color="text.secondary"
            sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}
          >
            {brokerText(load)}
            {isLoadFromBlacklistedBroker(load) && <BlacklistedChip />}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {t('loads.page.idAndCreated', { id: load.id, created: formatDateTime(load.created_date) })}
          </Typography>
        </Box>
        <LoadStatusStepper status={load.status} />
        <LoadActions load={load} list={list} onDocumentsRequired={askForDocuments} />
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <LoadPoints load={load} />
          <LoadFiles load={load} canEdit={allowed.has('upload_file')} documentsAsked={documentsAsked} />
          <LoadNotes note={load.note} highlighted={notesAsked} />
          <LoadHistory history={load.history} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <LoadPrices load={load} />
          <LoadPeople load={load} />
          <LoadDetails load={load} />
          <EmailNotifications key={load.updated_date} load={load} canEdit={allowed.has('edit')} />
        </Box>
      </Box>
      {reportingDamage && (
        <DamageReportDialog
          loadId={load.id}
          loadNumber={loadNumberText(load)}
          onClose={() => setReportingDamage(false)}
        />
      )}
    </PageFrame>
  );
}
