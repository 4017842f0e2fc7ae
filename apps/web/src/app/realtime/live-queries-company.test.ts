import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { companySettingsQueryOptions } from '@/features/company/api/company-settings';
import { emailOauthClientsQueryKey } from '@/features/company/api/email-oauth-clients';
import { propositionSettingsQueryKey } from '@/features/company/api/proposition-settings';
import { telephonySettingsQueryKey } from '@/features/company/api/telephony-settings';
import { usersQueryKeys } from '@/features/users/api/users-query-keys';
import { queryKeys } from '@/lib/query-keys';
import { liveCache } from '@/test/live-cache';

// update_company on a real query cache: a colleague saved the company's settings, so the current user
// (whose company_instance the menu, phone visibility and maps follow) and every section of the settings
// page are asked again; lists of other areas are left alone.

const KEYS = {
  currentUser: queryKeys.currentUser,
  settings: companySettingsQueryOptions.queryKey,
  propositions: propositionSettingsQueryKey,
  telephony: telephonySettingsQueryKey,
  mailSignIn: emailOauthClientsQueryKey,
  people: usersQueryKeys.employeeList({ status: 'Active', page: 1, limit: 25 }),
} satisfies Record<string, QueryKey>;

const { event, invalidated } = liveCache(KEYS);

describe('live queries: company settings', () => {
  it("a colleague's save refreshes the current user and every settings section, nothing else", () => {
    event('update_company', { id: 1 });
    expect(invalidated()).toEqual(['currentUser', 'mailSignIn', 'propositions', 'settings', 'telephony']);
  });

  it('an update_company without the company id is not a message', () => {
    expect(parseRealtimeMessage({ event: 'update_company', data: {} })).toBeNull();
  });
});
