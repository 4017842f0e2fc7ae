import Stack from '@mui/material/Stack';
import { PageFrame } from '@/components/page-frame';
import { SettingsTabs } from '@/components/settings-tabs/settings-tabs';
import { useCurrentUser } from '@/lib/current-user';
import { JoinRequestsSection } from '../components/join-requests-section';
import { canReviewRequests, canSeePeople } from '../components/people-access';
import { PeopleSection } from '../components/people-section';

/**
 * /settings/users/: the company's people (admins, managers, accountants and HR read them; admins, managers
 * and accountants change and dismiss them) and, below, the join requests the user may decide (managers and
 * accountants). The side menu's entry is the accountants'; the others come through the settings tabs.
 */
export function UsersPage() {
  const user = useCurrentUser();
  return (
    <PageFrame>
      <SettingsTabs />
      <Stack spacing={2}>
        {canSeePeople(user) && <PeopleSection />}
        {canReviewRequests(user) && <JoinRequestsSection />}
      </Stack>
    </PageFrame>
  );
}
