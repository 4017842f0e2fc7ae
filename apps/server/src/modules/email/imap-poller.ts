import { ImapFlow } from 'imapflow';
import PostalMime from 'postal-mime';
import type { ErrorLog } from '../../db/unit-of-work';
import type { InboundMail } from './email.deps';
import type { ReceiveOutcome, ReceiveSource } from './email.receive';
import { inboundMailOf } from './mail-receiver';
import type { ImapTarget } from './mailbox.service';

// IMAP polling of users' own mailboxes, for companies that prefer their brokers to answer the dispatcher's
// mailbox rather than the built-in receiver: each connected mailbox with an IMAP server is read from the
// message after the last one taken (the first run only notes where the inbox ends: no history is
// imported), and each new mail is handed to the threads as 'imap', where only what threads into a thread
// of the company is kept. A server that refuses the credentials marks the mailbox invalid (the user
// connects it again); any other failure is logged and retried at the next run.

/** How often the poller runs while the server listens. */
export const IMAP_POLL_INTERVAL_MS = 60_000;
/** At most this many new mails per mailbox and run. */
const MAX_MAILS_PER_RUN = 200;

export type ImapPollerDeps = {
  targets: () => Promise<ImapTarget[]>;
  setLastUid: (id: number, uid: number) => Promise<void>;
  markInvalid: (id: number) => Promise<void>;
  receive: (
    companyId: number,
    mail: InboundMail,
    hint: { tag: string | null; source: ReceiveSource },
  ) => Promise<ReceiveOutcome>;
  now: () => Date;
  log?: ErrorLog;
  timeoutMs?: number;
};

function isAuthFailure(error: unknown): boolean {
  const { authenticationFailed, serverResponseCode } = error as {
    authenticationFailed?: boolean;
    serverResponseCode?: string;
  };
  return authenticationFailed === true || serverResponseCode === 'AUTHENTICATIONFAILED';
}

export function createImapPoller(deps: ImapPollerDeps) {
  async function pollOne(target: ImapTarget): Promise<void> {
    const client = new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.secure,
      auth: target.accessToken
        ? { user: target.user, accessToken: target.accessToken }
        : { user: target.user, pass: target.password ?? '' },
      logger: false,
      connectionTimeout: deps.timeoutMs ?? 15_000,
    });
    await client.connect();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const box = client.mailbox;
        const uidNext = box ? box.uidNext : 1;
        if (target.lastUid === null) {
          await deps.setLastUid(target.id, uidNext - 1);
          return;
        }
        let last = target.lastUid;
        if (uidNext - 1 <= last) return;
        let taken = 0;
        for await (const message of client.fetch(
          `${last + 1}:*`,
          { uid: true, source: true },
          { uid: true },
        )) {
          if (message.uid <= last || !message.source) continue;
          const email = await PostalMime.parse(message.source);
          await deps.receive(target.companyId, inboundMailOf(email, deps.now()), {
            tag: null,
            source: 'imap',
          });
          last = message.uid;
          taken += 1;
          if (taken >= MAX_MAILS_PER_RUN) break;
        }
        await deps.setLastUid(target.id, last);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
  }

  return {
    /** Reads every connected mailbox once; one mailbox's failure does not stop the others. */
    async runOnce(): Promise<void> {
      for (const target of await deps.targets()) {
        try {
          await pollOne(target);
        } catch (error) {
          if (isAuthFailure(error)) {
            await deps.markInvalid(target.id);
            deps.log?.error({ mailboxId: target.id }, 'IMAP refused the mailbox credentials; marked invalid');
          } else {
            deps.log?.error({ mailboxId: target.id, err: error }, 'IMAP polling failed');
          }
        }
      }
    },
  };
}
