import { messages } from '@painel/shared/messages';
import type { PixPayment } from '@painel/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

import { useCreatePlanPayment } from '@/features/payments/api/create-plan-payment';
import { useCreateTopupPayment } from '@/features/payments/api/create-topup-payment';
import { paymentHistoryKey } from '@/features/payments/api/get-payment-history';
import { paymentStatusKey, usePaymentStatus } from '@/features/payments/api/get-payment-status';
import { usePaymentEvents } from '@/features/payments/hooks/use-payment-events';
import { newAttemptId } from '@/features/payments/utils/attempt-key';
import { ApiError } from '@/lib/api-client';

/** docs/product/plans-and-payments.md#pix-charge: 'Pagamento confirmado ✅' stays 1.5 s, then the panel clears. */
export const CONFIRMED_CLEAR_MS = 1_500;

/** What a confirmed payment changes: credits, expiry and plan (profile, dashboard) and trial counters. */
const ACCOUNT_KEYS = [['profile'], ['trial-usage'], paymentHistoryKey] as const;

export interface PixCheckout {
  /** The charge on the PIX panel, as last read; null when the panel is empty. */
  payment: PixPayment | null;
  /** 'plan:<id>' or 'topup' while a charge is being created. */
  creating: string | null;
  buyPlan(planId: number): Promise<void>;
  /** Throws the ApiError, so the top-up form can show a field message under the amount. */
  topUp(amountReais: number): Promise<void>;
  /** Shows a charge from the history again. */
  show(payment: PixPayment): void;
  close(): void;
  /** Reads the status now (after the sandbox switch, or a push). */
  refresh(): void;
}

/**
 * The purchase flow of /planos: opens a charge (one idempotency key per attempt, so a double click
 * or a retry after a lost answer returns the same charge), keeps its status fresh (5 s poll plus the
 * server's push), and on confirmation refreshes the account and clears the panel after 1.5 s.
 */
export function usePixCheckout(userId: number): PixCheckout {
  const queryClient = useQueryClient();
  const createPlan = useCreatePlanPayment();
  const createTopup = useCreateTopupPayment();
  const [current, setCurrent] = useState<PixPayment | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  // One key per thing being bought, kept until that attempt ends (paid, expired, closed).
  const attemptKeys = useRef(new Map<string, string>());
  const status = usePaymentStatus(current);
  const payment = current && status.data?.id === current.id ? status.data : current;
  const paymentId = payment?.id ?? null;
  // Changes once per payment and final status, so each outcome is acted on exactly once.
  const settled = payment && payment.status !== 'waiting' ? `${payment.id}:${payment.status}` : null;

  const keyFor = (target: string) => {
    let key = attemptKeys.current.get(target);
    if (!key) {
      key = `u${userId}-${target}-${Date.now()}-${newAttemptId()}`;
      attemptKeys.current.set(target, key);
    }
    return key;
  };

  const show = useCallback(
    (next: PixPayment) => {
      queryClient.setQueryData(paymentStatusKey(next.id), next);
      setCurrent(next);
    },
    [queryClient],
  );

  const close = useCallback(() => {
    attemptKeys.current.clear();
    setCurrent(null);
  }, []);

  const refresh = useCallback(() => {
    if (paymentId !== null) void queryClient.invalidateQueries({ queryKey: paymentStatusKey(paymentId) });
  }, [queryClient, paymentId]);

  const buyPlan = async (planId: number) => {
    const target = `plan:${planId}`;
    setCreating(target);
    try {
      show(await createPlan.mutateAsync({ planId, idempotencyKey: keyFor(`p${planId}`) }));
      void queryClient.invalidateQueries({ queryKey: paymentHistoryKey });
    } catch (error) {
      toast.error(messages.pixFailed, { description: describe(error) });
    } finally {
      setCreating(null);
    }
  };

  const topUp = async (amountReais: number) => {
    setCreating('topup');
    try {
      const cents = Math.round(amountReais * 100);
      show(await createTopup.mutateAsync({ amount_reais: amountReais, idempotencyKey: keyFor(`t${cents}`) }));
      void queryClient.invalidateQueries({ queryKey: paymentHistoryKey });
    } finally {
      setCreating(null);
    }
  };

  usePaymentEvents(
    useCallback(
      (event) => {
        void queryClient.invalidateQueries({ queryKey: paymentHistoryKey });
        if (event.paymentId === paymentId) refresh();
      },
      [queryClient, paymentId, refresh],
    ),
  );

  useEffect(() => {
    if (settled === null) return;
    attemptKeys.current.clear();
    for (const queryKey of ACCOUNT_KEYS) void queryClient.invalidateQueries({ queryKey });
    if (!settled.endsWith(':verified')) return;
    const timer = window.setTimeout(() => {
      setCurrent(null);
      void queryClient.invalidateQueries({ queryKey: paymentHistoryKey });
    }, CONFIRMED_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [settled, queryClient]);

  return { payment, creating, buyPlan, topUp, show, close, refresh };
}

/** The server's own reason under 'Falha ao gerar PIX', when it says something more. */
function describe(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof ApiError && error.message === messages.pixFailed) return undefined;
  return error.message;
}
