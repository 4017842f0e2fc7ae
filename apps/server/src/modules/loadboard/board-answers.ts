import type { ListResponse } from '@app/domain/common/pagination';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { LRUCache } from 'lru-cache';
import type { ChangeNotices } from '../../db/change-notices';
import { compressAnswer, type AnswerEncoding } from '../../http/compression';

// The answers of GET loads/loadboard this process gave, kept as JSON until the company's board changes: a
// dispatcher's board asks again for the same filters (a page opened again, a reconnect, colleagues on the
// same view), and an answer served from memory costs a small part of one read from the database.
//
// Kept only while the database's notices are heard (db/change-notices.ts): every change a board answer
// shows or filters by sends a notice with its company (migration 0028), which moves that company's epoch
// (a seen mark names its user and moves only that user's). An answer is served only at the epochs it was
// read at, after `caughtUp()` has made sure that every change committed before the request was heard. So
// a kept answer is what the database would answer, and no one waits for a change to be seen. Without the
// notices (the embedded database, or the listening connection lost) every request is read from the
// database.

/** What is kept of an answer: its count and rows as JSON, each row but its age, which moves with time. */
export type KeptAnswer = {
  count: number;
  /** Each row's JSON up to `"age_minutes":`, with the time it was posted (ms) to count its age from. */
  rows: { head: string; postedAt: number | null }[];
  bytes: number;
  /** The answer as last written, while every age in it holds (`from` to `until`, ms), and compressed. */
  written?: { body: Buffer; from: number; until: number; encoded: Partial<Record<AnswerEncoding, Buffer>> };
};

/**
 * The most memory the kept answers of a process take, in bytes of JSON (the rows, and the answer last
 * written from them): about 2,000 answers of 25 rows; the least recently asked go first.
 */
const KEPT_BYTES = 128 * 1024 * 1024;

/** The answer in the form that is kept: age_minutes is written last, when the answer is served. */
export function keepAnswer(page: ListResponse<BoardLoad>): KeptAnswer {
  let bytes = 0;
  const rows = page.results.map((load) => {
    const { age_minutes: _age, ...rest } = load;
    const json = JSON.stringify(rest);
    const head = `${json.slice(0, -1)},"age_minutes":`;
    bytes += head.length;
    return { head, postedAt: load.posted_at === null ? null : Date.parse(load.posted_at) };
  });
  return { count: page.count, rows, bytes: bytes + 64 };
}

/**
 * The answer's JSON at `at`: each load's age in whole minutes since it was posted (null when it was not).
 * Written again only when an age has moved since the last time: the same bytes serve until then.
 */
export function writeAnswer(kept: KeptAnswer, at: Date): Buffer {
  const now = at.getTime();
  const { written } = kept;
  if (written && now >= written.from && now < written.until) return written.body;
  let until = Infinity;
  const rows = kept.rows.map((row) => {
    if (row.postedAt === null) return `${row.head}null}`;
    const age = Math.max(0, Math.floor((now - row.postedAt) / 60_000));
    until = Math.min(until, row.postedAt + (age + 1) * 60_000);
    return `${row.head}${age}}`;
  });
  const body = Buffer.from(`{"count":${kept.count},"results":[${rows.join(',')}]}`);
  kept.written = { body, from: now, until, encoded: {} };
  return body;
}

/** The answer's JSON at `at` (writeAnswer) compressed as `encoding`: once for as long as the JSON serves. */
export function encodeAnswer(kept: KeptAnswer, at: Date, encoding: AnswerEncoding): Buffer {
  const body = writeAnswer(kept, at);
  const encoded = kept.written!.encoded;
  return (encoded[encoding] ??= compressAnswer(body, encoding));
}

export type BoardAnswers = ReturnType<typeof createBoardAnswers>;

/** Where a company's board and one user's marks on it stood when an answer was read. */
export type AnswerEpoch = { company: number; user: number };

export function createBoardAnswers(notices: ChangeNotices | null, keptBytes = KEPT_BYTES) {
  const kept = new LRUCache<string, { epoch: AnswerEpoch; answer: KeptAnswer }>({
    maxSize: keptBytes,
    // The rows, the answer last written from them, and a fifth of that again or less compressed.
    sizeCalculation: (entry) => Math.max(1, Math.round(entry.answer.bytes * 2.5)),
  });
  // One counter for every epoch, so that an epoch never comes back: a notice gives its company (or, for a
  // seen mark, its user) the next value; a reset (notices may have been missed) gives everyone the next one.
  let counter = 0;
  let resetEpoch = 0;
  const companyEpochs = new Map<number, number>();
  const userEpochs = new Map<number, number>();
  notices?.on('loadboard', (payload) => {
    const [company, user] = payload.split(':').map(Number);
    if (user !== undefined && Number.isSafeInteger(user)) userEpochs.set(user, ++counter);
    else if (company !== undefined && Number.isSafeInteger(company)) companyEpochs.set(company, ++counter);
  });
  notices?.onReset(() => {
    companyEpochs.clear();
    userEpochs.clear();
    resetEpoch = ++counter;
    kept.clear();
  });

  return {
    /**
     * Where the company's board and the user's marks stand once every change committed before the call is
     * known; null when the notices are not heard (nothing kept may be served, nor kept).
     */
    async epochOf(companyId: number, userId: number): Promise<AnswerEpoch | null> {
      if (!notices || !(await notices.caughtUp())) return null;
      return {
        company: companyEpochs.get(companyId) ?? resetEpoch,
        user: userEpochs.get(userId) ?? resetEpoch,
      };
    },
    /** The answer kept under `key` at this epoch. */
    get(key: string, epoch: AnswerEpoch): KeptAnswer | undefined {
      const entry = kept.get(key);
      return entry && entry.epoch.company === epoch.company && entry.epoch.user === epoch.user
        ? entry.answer
        : undefined;
    },
    /** Keeps an answer read at `epoch` (it is served only while the board and the user's marks stay there). */
    set(key: string, epoch: AnswerEpoch, answer: KeptAnswer): void {
      kept.set(key, { epoch, answer });
    },
  };
}
