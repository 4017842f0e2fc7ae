import { describe, expect, it } from 'vitest';
import { REALTIME_EVENT_NAMES, realtimeEventNameSchema } from './realtime.schema';

describe('the realtime events', () => {
  it("are the spec's 18 socket events, each once", () => {
    expect(REALTIME_EVENT_NAMES).toHaveLength(18);
    expect(new Set(REALTIME_EVENT_NAMES).size).toBe(18);
    for (const name of ['car_status_change', 'update_loads', 'new_notice', 'location_status_change'])
      expect(REALTIME_EVENT_NAMES).toContain(name);
  });

  it('refuse a name the spec does not give', () => {
    expect(realtimeEventNameSchema.safeParse('load_status_change').success).toBe(true);
    expect(realtimeEventNameSchema.safeParse('car_status_changed').success).toBe(false);
  });
});
