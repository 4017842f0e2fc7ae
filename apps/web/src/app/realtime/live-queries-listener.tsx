import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketMessages } from '@/lib/socket-provider';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';

/**
 * Keeps the open pages live: every realtime event the shell's socket receives updates or invalidates the
 * query caches it touches (live-queries.ts). Mounted once, inside the socket provider.
 */
export function LiveQueries(): null {
  const queryClient = useQueryClient();
  const [live] = useState(() => {
    const throttle = createInvalidationThrottle({ queryClient });
    return { throttle, apply: createLiveQueryApplier(queryClient, throttle) };
  });
  useEffect(() => () => live.throttle.stop(), [live]);
  useSocketMessages(live.apply);
  return null;
}
