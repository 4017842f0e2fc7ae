import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { describe, expect, it } from 'vitest';
import { keepAnswer, writeAnswer } from './board-answers';

const posted = Date.parse('2026-11-20T15:00:00.000Z');

function load(id: number, postedAt: number | null): BoardLoad {
  return {
    id,
    note: `load ${id}`,
    posted_at: postedAt === null ? null : new Date(postedAt).toISOString(),
    age_minutes: 999,
  } as unknown as BoardLoad;
}

const read = (body: Buffer) => JSON.parse(body.toString()) as { count: number; results: BoardLoad[] };
const at = (ms: number) => new Date(posted + ms);

describe('a kept board answer', () => {
  it('is the answer with each age counted at the time it is written', () => {
    const kept = keepAnswer({
      count: 7,
      results: [load(2, posted + 30_000), load(1, posted), load(3, null)],
    });
    const answer = read(writeAnswer(kept, at(5 * 60_000 + 10_000)));
    expect(answer.count).toBe(7);
    expect(answer.results.map((row) => [row.id, row.note, row.age_minutes])).toEqual([
      [2, 'load 2', 4],
      [1, 'load 1', 5],
      [3, 'load 3', null],
    ]);
  });

  it('writes the same bytes until an age moves, then counts again', () => {
    const kept = keepAnswer({ count: 2, results: [load(2, posted + 30_000), load(1, posted)] });
    const first = writeAnswer(kept, at(60_000));
    expect(writeAnswer(kept, at(89_999))).toBe(first);
    const second = writeAnswer(kept, at(90_000));
    expect(second).not.toBe(first);
    expect(read(second).results.map((row) => row.age_minutes)).toEqual([1, 1]);
    expect(read(writeAnswer(kept, at(120_000))).results.map((row) => row.age_minutes)).toEqual([1, 2]);
    // A clock set back writes again too.
    expect(read(writeAnswer(kept, at(0))).results.map((row) => row.age_minutes)).toEqual([0, 0]);
  });

  it('writes an empty page', () => {
    expect(read(writeAnswer(keepAnswer({ count: 0, results: [] }), at(0)))).toEqual({
      count: 0,
      results: [],
    });
  });
});
