import type { Lang } from '../common/lookups';
import { formatEasternDateTime } from '../common/time';

// The rules of the load intake: when a posting repeats one already made, how a broker's name is matched,
// and when a broker that dispatchers follow (notify_no_posting) has stopped posting.

export const INTAKE_MESSAGES = {
  keyMissing: 'Send the company intake key in the X-Intake-Key header',
  keyInvalid: 'The intake key is not valid',
  wholeNumber: 'Must be a whole number',
  mcNumberInvalid: 'MC number must contain digits only',
  dateTimeInvalid: 'Must be an ISO 8601 date-time with offset',
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** A posting of the same broker with the same reference within this time updates the load it posted. */
export const POSTING_REPEAT_WINDOW_MS = 24 * HOUR_MS;

/** A broker with notify_no_posting that has not posted for this long is reported to the dispatchers. */
export const NO_POSTING_SILENCE_MS = 24 * HOUR_MS;

/** How often the server looks for brokers that stopped posting. */
export const NO_POSTING_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/** The earliest posting time a repeat may match: `now` minus the window. */
export function repeatWindowStart(now: Date): Date {
  return new Date(now.getTime() - POSTING_REPEAT_WINDOW_MS);
}

export type BoardStatus = 'posted' | 'booked' | 'withdrawn' | 'expired';

/**
 * What a repeated posting does to the load it repeats: a load still on the board takes the new details
 * ('updated'); one already booked, withdrawn or expired stays as it is ('unchanged'), so that a broker's
 * repost does not bring back a load the dispatchers took or turned down.
 */
export function repeatOutcome(boardStatus: BoardStatus | null): 'updated' | 'unchanged' {
  return boardStatus === 'posted' ? 'updated' : 'unchanged';
}

/**
 * A broker company's name as postings are matched by it: case, surrounding spaces and repeated spaces do
 * not count ('  Total  Quality Logistics ' is 'total quality logistics').
 */
export function brokerNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether a followed broker has been silent for a day and the dispatchers have not been told of it yet. */
export function hasStoppedPosting(
  broker: { last_posted_at: Date | string | null; no_posting_notified_at: Date | string | null },
  now: Date,
): boolean {
  if (broker.last_posted_at === null) return false;
  const last = new Date(broker.last_posted_at).getTime();
  if (now.getTime() - last < NO_POSTING_SILENCE_MS) return false;
  // Reported once per silence: a notice after the last posting means this silence is told already.
  return broker.no_posting_notified_at === null || new Date(broker.no_posting_notified_at).getTime() < last;
}

const NO_POSTING_TEXTS: Record<Lang, { label: string; content: (name: string, at: string) => string }> = {
  en: {
    label: 'Broker stopped posting',
    content: (name, at) => `${name} has posted no loads since ${at}`,
  },
  ru: {
    label: 'Брокер перестал публиковать грузы',
    content: (name, at) => `${name} не публикует грузы с ${at}`,
  },
};

/** The notice's title in the recipient's language. */
export function noPostingLabel(lang: Lang): string {
  return NO_POSTING_TEXTS[lang].label;
}

/** 'Total Quality Logistics has posted no loads since 09:15am 11/24/2026 ET'. */
export function noPostingContent(lang: Lang, brokerName: string, lastPostedAt: Date): string {
  return NO_POSTING_TEXTS[lang].content(brokerName, `${formatEasternDateTime(lastPostedAt, lang)} ET`);
}
