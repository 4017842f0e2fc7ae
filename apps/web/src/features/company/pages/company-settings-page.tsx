import { canEditCompanySettings } from '@app/domain/company/company.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { SettingsTabs } from '@/components/settings-tabs/settings-tabs';
import { NoAccess } from '@/app/shell/no-access';
import { startPathFor } from '@/app/shell/start-path';
import { useCurrentUser } from '@/lib/current-user';
import { useCompanySettings } from '../api/company-settings';
import { CompanySettingsForm } from '../components/company-settings-form';
import { IntakeKeySection } from '../components/intake-key-section';
import { MailSignInSection } from '../components/mail-sign-in-section';
import { PropositionSettingsSection } from '../components/proposition-settings-section';
import { SmsProviderSection } from '../components/sms-provider-section';
import { TelephonySettingsSection } from '../components/telephony-settings-section';

/** /settings/company/: the company's settings, for admins and managers (COMPANY_SETTINGS_ROLES). */
export function CompanySettingsPage() {
  const user = useCurrentUser();
  if (!canEditCompanySettings(user)) return <NoAccess homePath={startPathFor(user)} />;
  return <CompanySettingsBody />;
}

function CompanySettingsBody() {
  const settings = useCompanySettings();
  return (
    <PageFrame>
      <SettingsTabs />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <CompanySettingsForm settings={settings.data} />
          <IntakeKeySection />
          <PropositionSettingsSection />
          <MailSignInSection />
          <TelephonySettingsSection />
          <SmsProviderSection />
        </>
      )}
    </PageFrame>
  );
}
