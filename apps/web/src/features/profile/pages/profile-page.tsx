import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { SettingsTabs } from '@/components/settings-tabs/settings-tabs';
import { isLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useProfile } from '../api/profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { MailboxSection } from '../components/mailbox-section';
import { ProfileForm } from '../components/profile-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 320px', maxWidth: 440 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /settings/profile/: the user's names, language and avatar, the password, and their own mailbox. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const profile = useProfile();

  let profileBody: ReactNode;
  if (profile.isPending) profileBody = <LoadingState />;
  else if (profile.isError)
    profileBody = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else
    profileBody = (
      <ProfileForm
        initial={{
          first_name: profile.data.first_name,
          last_name: profile.data.last_name,
          lang: isLang(profile.data.lang) ? profile.data.lang : user.lang,
          working_gmail: profile.data.working_gmail ?? '',
        }}
        avatarUrl={profile.data.avatar ?? user.avatar}
        email={profile.data.email ?? user.email}
      />
    );

  return (
    <PageFrame>
      <SettingsTabs />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Section title={t('profile.title')}>{profileBody}</Section>
        <Section title={t('profile.passwordTitle')}>
          <ChangePasswordForm />
        </Section>
        <Section title={t('profile.mailbox.title')}>
          <MailboxSection />
        </Section>
      </Box>
    </PageFrame>
  );
}
