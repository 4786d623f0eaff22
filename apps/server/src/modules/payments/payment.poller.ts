import { BATCH_POLL_DEFAULT_LIMIT } from '@painel/shared/schemas/payments';
import { batchPoll, type PaymentDeps } from './payment.service.ts';

/**
 * Checks waiting charges in the background and expires old ones, so a payment is applied even when
 * nobody is looking at it. Every process may run one: applying is exactly once regardless.
 */
export function startPaymentPoller(deps: PaymentDeps, intervalMs: number): { stop(): Promise<void> } {
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = batchPoll(deps, BATCH_POLL_DEFAULT_LIMIT, 'poller')
      .catch((error: unknown) => deps.log.error({ err: error }, 'PIX poller failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
