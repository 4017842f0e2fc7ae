// Who sent a posting e-mail: the address, the display name, and the domain a broker company is matched by.

/** A sender as mail parsers give it: 'Mike Ross <mross@tql.example>', an address, or { name, address }. */
export type MailSender = string | { address?: string | null; name?: string | null };

/** Mailbox providers anyone can use: their domain names no broker company. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'msn.com',
  'comcast.net',
  'protonmail.com',
  'proton.me',
]);

export type Sender = {
  address: string;
  name: string | null;
  /** The domain of the address when it may name a broker company (not a public mailbox provider). */
  domain: string | null;
  /** The name a broker company not known yet is added under: the domain, else the sender's name. */
  fallbackBrokerName: string;
};

export function senderOf(from: MailSender): Sender {
  const match = typeof from === 'string' ? /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from) : null;
  const given =
    typeof from === 'string'
      ? { address: match ? match[2]! : from, name: match?.[1] ?? null }
      : { address: from.address ?? '', name: from.name ?? null };
  const name = given.name?.trim() || null;
  const address = given.address.trim().toLowerCase().slice(0, 254);
  const at = address.lastIndexOf('@');
  const mailDomain = at > 0 ? address.slice(at + 1) : '';
  const domain = mailDomain && !PUBLIC_MAIL_DOMAINS.has(mailDomain) ? mailDomain : null;
  return {
    address,
    name: name ? name.slice(0, 150) : null,
    domain,
    fallbackBrokerName: (domain ?? name ?? (address || 'E-mail posting')).slice(0, 200),
  };
}
