import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useUserRequests } from '../api/user-requests';
import { UserRequestRow } from './user-request-row';

/** The pending requests to join the company, each approved with a role or rejected. */
export function JoinRequestsSection() {
  const { t } = useTranslation();
  const requests = useUserRequests();

  let body;
  if (requests.isPending) body = <LoadingState />;
  else if (requests.isError)
    body = <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />;
  else if (requests.data.length === 0)
    body = (
      <EmptyState
        icon={<HowToRegOutlined />}
        title={t('users.noPending')}
        description={t('users.noPendingHint')}
      />
    );
  else
    body = (
      <TableContainer>
        <Table aria-label={t('users.pendingTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('users.name')}</TableCell>
              <TableCell>{t('users.email')}</TableCell>
              <TableCell>{t('users.department')}</TableCell>
              <TableCell>{t('users.requestedAt')}</TableCell>
              <TableCell>{t('users.role')}</TableCell>
              <TableCell align="right">{t('users.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {requests.data.map((request) => (
              <UserRequestRow key={request.id} request={request} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Paper variant="outlined">
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
        <Typography variant="h2">{t('users.pendingTitle')}</Typography>
        {requests.data && requests.data.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {requests.data.length}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {t('shell.easternTimeNote')}
        </Typography>
      </Box>
      {body}
    </Paper>
  );
}
