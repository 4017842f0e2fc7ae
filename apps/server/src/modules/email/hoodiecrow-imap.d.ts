// The few parts of hoodiecrow-imap (an in-memory IMAP4rev1 server, CommonJS without types) the IMAP
// tests use.
declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net';

  /** A user: the password of LOGIN, and the access token XOAUTH2 accepts (plugins SASL-IR and XOAUTH2). */
  type HoodiecrowUser = { password: string; xoauth2?: { accessToken: string } };

  type HoodiecrowMessage = { raw: string; flags?: string[]; internaldate?: Date | string; uid?: number };

  type HoodiecrowOptions = {
    plugins?: string[];
    users?: Record<string, HoodiecrowUser>;
    storage?: Record<string, { messages?: HoodiecrowMessage[]; folders?: Record<string, unknown> }>;
  };

  type HoodiecrowServer = {
    server: Server;
    users: Record<string, HoodiecrowUser>;
    listen(port: number, host: string, callback: () => void): void;
    close(callback?: () => void): void;
    appendMessage(mailbox: string, flags: string[], internaldate: Date, raw: string): unknown;
  };

  function hoodiecrow(options?: HoodiecrowOptions): HoodiecrowServer;
  export default hoodiecrow;
}
