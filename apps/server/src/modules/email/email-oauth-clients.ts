import {
  EMAIL_OAUTH_CLIENT_MESSAGES,
  EMAIL_OAUTH_PROVIDERS,
  type EmailOauthClient,
  type EmailOauthClientUpdate,
  type EmailOauthProvider,
} from '@app/domain/email/email-oauth-clients.schema';
import type { Db } from '../../db/types';
import type { UnitOfWork } from '../../db/unit-of-work';
import { refuse } from '../../http/errors';
import { companyUpdatedEvent } from '../../realtime/events';
import type { SecretBox } from '../../integrations/secret-box';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './email-oauth-clients.repository';
import { OAUTH_CLIENT_SECRET_PURPOSE, oauthRedirectUri } from './mailbox-oauth';
import { findOauthClient } from './mailbox.repository';

// The company's own Google and Zoho client keys (GET email/oauth-clients, PUT and DELETE
// email/oauth-clients/{provider}; admins and managers on the company settings page), which the users'
// mailbox sign-in needs. The client secret is sealed with the secret box before it is stored and never
// answered: the page learns only whether one is stored. The sign-in reads the keys when a user starts it;
// like the company's other settings, a change publishes update_company, so that colleagues' open settings
// pages show it.

export type OauthClientSettingsDeps = {
  db: Db;
  /** Publishes update_company after a change. */
  unit: UnitOfWork;
  secrets: SecretBox;
  now: () => Date;
  /** PUBLIC_URL: the redirect URI the company registers at the provider is the profile page under it. */
  publicUrl: string | undefined;
};

export function createOauthClientSettings(deps: OauthClientSettingsDeps) {
  const { db, secrets, now, unit } = deps;
  /** A stored secret that no longer opens (the server's key changed) counts as none. */
  const opens = (sealed: string) => secrets.open(sealed, OAUTH_CLIENT_SECRET_PURPOSE) !== null;

  async function list(companyId: number): Promise<EmailOauthClient[]> {
    const [rows, mailboxes] = await Promise.all([
      repository.listOauthClients(db, companyId),
      repository.countOauthMailboxes(db, companyId),
    ]);
    const redirectUri = oauthRedirectUri(deps.publicUrl);
    return EMAIL_OAUTH_PROVIDERS.map((provider) => {
      const row = rows.find((candidate) => candidate.provider === provider);
      return {
        provider,
        client_id: row?.client_id ?? null,
        has_secret: row ? opens(row.client_secret) : false,
        redirect_uri: redirectUri,
        connected_mailboxes: mailboxes.get(provider) ?? 0,
      };
    });
  }

  async function entry(companyId: number, provider: EmailOauthProvider): Promise<EmailOauthClient> {
    return (await list(companyId)).find((client) => client.provider === provider)!;
  }

  /** After a change (one statement, committed): colleagues' open pages read the settings again. */
  async function changed(companyId: number, provider: EmailOauthProvider): Promise<EmailOauthClient> {
    await unit.publish([companyUpdatedEvent(companyId)]);
    return entry(companyId, provider);
  }

  function secretRequired() {
    const text = EMAIL_OAUTH_CLIENT_MESSAGES.clientSecretRequired;
    return refuse('email_oauth_client_secret_required', text, { client_secret: [text] });
  }

  return {
    /** GET email/oauth-clients: Google's and Zoho's keys of the caller's company, never the secrets. */
    oauthClients: (caller: CompanyCaller) => list(caller.companyId),

    /**
     * PUT email/oauth-clients/{provider}: the client ID, with a new secret or keeping the stored one; with
     * no secret given and none stored that opens, refused (email_oauth_client_secret_required).
     */
    async saveOauthClient(
      caller: CompanyCaller,
      provider: EmailOauthProvider,
      update: EmailOauthClientUpdate,
    ): Promise<EmailOauthClient> {
      if (update.client_secret !== undefined) {
        await repository.saveOauthClient(db, {
          company_id: caller.companyId,
          provider,
          client_id: update.client_id,
          client_secret: secrets.seal(update.client_secret, OAUTH_CLIENT_SECRET_PURPOSE),
          at: now(),
        });
      } else {
        const current = await findOauthClient(db, caller.companyId, provider);
        const kept = current && opens(current.client_secret) ? current.client_secret : null;
        if (kept === null) throw secretRequired();
        const saved = await repository.changeOauthClientId(
          db,
          caller.companyId,
          provider,
          update.client_id,
          kept,
        );
        // Removed or given another secret since it was read: this ID's secret is not known.
        if (!saved) throw secretRequired();
      }
      return changed(caller.companyId, provider);
    },

    /**
     * DELETE email/oauth-clients/{provider}: the keys go. Users can no longer sign in with the provider, and
     * the mailboxes signed in with it are signed out when their sign-in is next renewed (within the hour).
     */
    async removeOauthClient(caller: CompanyCaller, provider: EmailOauthProvider): Promise<EmailOauthClient> {
      await repository.deleteOauthClient(db, caller.companyId, provider);
      return changed(caller.companyId, provider);
    },
  };
}
