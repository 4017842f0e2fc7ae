import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeMessage } from '@app/domain/realtime/realtime.schema';
import type { InvalidationThrottle } from './invalidation-throttle';
import { liveEffects, type LiveEffect } from './live-queries';
import { patchRecordIn } from './record-patch';

/** Changes the record in every cached answer under the effect's key that holds it. */
function applyPatch(
  queryClient: QueryClient,
  throttle: InvalidationThrottle,
  effect: Extract<LiveEffect, { kind: 'patch' }>,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: effect.queryKey })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = patchRecordIn(data, effect.id, effect.change);
    if (next === data) continue;
    queryClient.setQueryData(query.queryKey, next);
    // An answer on its way was asked before the change and would overwrite it: asked again after it.
    if (query.state.fetchStatus === 'fetching') throttle.invalidate(query.queryKey);
  }
}

/** Applies each checked socket message to the query cache: patches at once, invalidations throttled. */
export function createLiveQueryApplier(queryClient: QueryClient, throttle: InvalidationThrottle) {
  return (message: RealtimeMessage): void => {
    for (const effect of liveEffects(message)) {
      if (effect.kind === 'patch') applyPatch(queryClient, throttle, effect);
      else throttle.invalidate(effect.queryKey);
    }
  };
}
