import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type AuthCardProps = { title: string; subtitle?: string; children: ReactNode; width?: number };

/** The centred card of the screens shown before the shell: sign-in, registration, request access. */
export function AuthCard({ title, subtitle, children, width = 380 }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Box sx={{ width: '100%', maxWidth: width }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2, justifyContent: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 30,
              height: 30,
              borderRadius: 1.5,
              bgcolor: 'primary.main',
              color: '#fff',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
            }}
          >
            D
          </Box>
          <Typography sx={{ fontWeight: 600, fontSize: '1rem' }}>{t('app.name')}</Typography>
        </Box>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h1" sx={{ mb: subtitle ? 0.5 : 2 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
