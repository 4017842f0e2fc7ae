import { describe, expect, it } from 'vitest';
import {
  BID_LIMIT_AFTER_FORWARD_MINUTES,
  BID_LIMIT_BETWEEN_BIDS_MINUTES,
  bidStatusClass,
} from './bids.rules';

describe('bid status class', () => {
  it('status 1 is active', () => expect(bidStatusClass(1)).toBe('active'));
  it('status 2 is completed', () => expect(bidStatusClass(2)).toBe('completed'));
  it('status 3 is completed', () => expect(bidStatusClass(3)).toBe('completed'));
});

describe('driver and owner bid limit', () => {
  it('is 15 minutes after a dispatcher forwards a bid', () =>
    expect(BID_LIMIT_AFTER_FORWARD_MINUTES).toBe(15));
  it('is 5 minutes between other bids', () => expect(BID_LIMIT_BETWEEN_BIDS_MINUTES).toBe(5));
});
