import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { usageFraction, usageLevel } from '@painel/shared/rules/module-badge';
import type { PublicUser } from '@painel/shared/schemas/user';
import { moduleLimitSchema, type UserLimits } from '@painel/shared/schemas/users-admin';
import { LoaderCircle, RefreshCw, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserLimits } from '@/features/users-admin/api/get-user-limits';
import { useResetUsage } from '@/features/users-admin/api/reset-usage';
import { useSetModuleLimit } from '@/features/users-admin/api/set-module-limit';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { formatCredits, formatDateTime, formatInteger } from '@/lib/format';
import { notifyFailure } from '@/lib/notify-failure';
import { cn } from '@/lib/utils';

type LimitModule = UserLimits['modulos'][string] & { id: number };

/** What a reset confirmation is about: one module, or (no id) all of them. */
interface ResetTarget {
  moduloId?: number;
  nome?: string;
}

/** 'Limites de Uso': credits, expiry and each quantity module's 24 h usage, limit and reset. */
export function UserLimitsDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const limits = useUserLimits(user.id);
  const reset = useResetUsage();
  const [resetTarget, setResetTarget] = useState<ResetTarget | null>(null);
  const modules: LimitModule[] = Object.entries(limits.data?.modulos ?? {})
    .map(([id, module]) => ({ ...module, id: Number(id) }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));

  const confirmReset = () => {
    if (!resetTarget) return;
    reset.mutate(
      { id: user.id, moduloId: resetTarget.moduloId },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => notifyFailure(usersAdminMessages.resetFailed, error),
        onSettled: () => setResetTarget(null),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Limites de Uso</DialogTitle>
          <DialogDescription>
            {user.nome}: consultas das últimas {messages.quotaWindow} por módulo de quantidade. Deixe o limite
            em branco para ilimitado.
          </DialogDescription>
        </DialogHeader>

        {limits.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Carregando limites">
            <Skeleton className="h-10" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : limits.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            <p>{usersAdminMessages.limitsLoadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void limits.refetch()}>
              <RefreshCw aria-hidden="true" />
              Tentar de novo
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-2 gap-3 rounded-md border bg-muted/40 p-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Créditos</dt>
                <dd className="font-medium tabular-nums">{formatCredits(limits.data.creditos)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Expira em</dt>
                <dd className="font-medium tabular-nums">
                  {limits.data.tempo.data_expiracao
                    ? formatDateTime(limits.data.tempo.data_expiracao)
                    : usersAdminMessages.noExpiry}
                </dd>
              </div>
            </dl>
            {modules.length === 0 ? (
              <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                {usersAdminMessages.limitsEmpty}
              </p>
            ) : (
              <>
                <ul className="grid gap-3" aria-label="Uso por módulo">
                  {modules.map((module) => (
                    <ModuleUsageRow
                      key={module.id}
                      userId={user.id}
                      module={module}
                      onReset={() => setResetTarget({ moduloId: module.id, nome: module.nome })}
                    />
                  ))}
                </ul>
                <Button variant="outline" className="w-fit" onClick={() => setResetTarget({})}>
                  <RotateCcw aria-hidden="true" />
                  Resetar todos
                </Button>
              </>
            )}
          </div>
        )}

        <AlertDialog open={resetTarget !== null} onOpenChange={(open) => !open && setResetTarget(null)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Resetar limites</AlertDialogTitle>
              <AlertDialogDescription>
                {resetTarget?.nome
                  ? usersAdminMessages.resetOneConfirm(resetTarget.nome)
                  : usersAdminMessages.resetAllConfirm}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancelar</AlertDialogCancel>
              <Button onClick={confirmReset} disabled={reset.isPending}>
                {reset.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                Resetar
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

const barColours = {
  green: 'bg-emerald-500 dark:bg-emerald-400',
  yellow: 'bg-amber-400 dark:bg-amber-300',
  red: 'bg-red-500 dark:bg-red-400',
} as const;

/** Used against the limit: red at 90 % or more, yellow at 70 % or more, green below (docs/product/users.md#module-limits). */
export function UsageBar({ nome, usado, limite }: { nome: string; usado: number; limite: number | null }) {
  const level = usageLevel(usado, limite);
  const percent = Math.round(usageFraction(usado, limite) * 100);
  return (
    <div
      role="progressbar"
      aria-label={`Uso de ${nome}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={limite === null ? undefined : percent}
      aria-valuetext={limite === null ? `${usado} (ilimitado)` : `${usado} de ${limite}`}
      data-level={limite === null ? 'unlimited' : level}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      {limite !== null && (
        <div
          className={cn('h-full rounded-full transition-[width]', barColours[level])}
          style={{ width: `${percent}%` }}
        />
      )}
    </div>
  );
}

interface ModuleUsageRowProps {
  userId: number;
  module: LimitModule;
  onReset: () => void;
}

/** The limit as typed: blank is unlimited (null), anything else must be a whole number from 0. */
const limitFormSchema = z.object({
  limite: z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text)))
    .pipe(moduleLimitSchema.shape.limite),
});

function ModuleUsageRow({ userId, module, onReset }: ModuleUsageRowProps) {
  const setLimit = useSetModuleLimit();
  const form = useForm<z.input<typeof limitFormSchema>, unknown, z.output<typeof limitFormSchema>>({
    resolver: zodResolver(limitFormSchema),
    defaultValues: { limite: module.limite === null ? '' : String(module.limite) },
    // The message stays until the next Salvar, as it is only checked then.
    reValidateMode: 'onSubmit',
  });

  const save = form.handleSubmit(({ limite }) => {
    setLimit.mutate(
      { id: userId, moduloId: module.id, limite },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (failure) => notifyFailure(usersAdminMessages.operationFailed, failure),
      },
    );
  });

  return (
    <li
      className="grid gap-x-4 gap-y-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      aria-label={module.nome}
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-medium [overflow-wrap:anywhere]">{module.nome}</span>
          <span className="text-muted-foreground tabular-nums">
            {module.limite === null
              ? `${formatInteger(module.usado)} / Ilimitado`
              : `${formatInteger(module.usado)}/${formatInteger(module.limite)} (${Math.round(usageFraction(module.usado, module.limite) * 100)}%)`}
          </span>
        </div>
        <UsageBar nome={module.nome} usado={module.usado} limite={module.limite} />
      </div>
      <Form {...form}>
        <FormField
          control={form.control}
          name="limite"
          render={({ field }) => (
            // `contents`: the form and its message stay two cells of the row's grid.
            <FormItem className="contents">
              <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-2">
                <div className="grid gap-1">
                  <FormLabel className="text-xs font-normal text-muted-foreground">
                    Limite em {messages.quotaWindow}
                  </FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      placeholder="Ilimitado"
                      className="h-8 w-24 text-sm"
                      {...field}
                    />
                  </FormControl>
                </div>
                <Button
                  type="submit"
                  size="sm"
                  variant="outline"
                  disabled={setLimit.isPending}
                  aria-label={`Salvar limite de ${module.nome}`}
                >
                  {setLimit.isPending ? (
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Save aria-hidden="true" />
                  )}
                  Salvar
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={onReset}
                  aria-label={`Resetar ${module.nome}`}
                >
                  <RotateCcw aria-hidden="true" />
                  <span className="max-sm:sr-only">Resetar</span>
                </Button>
              </form>
              <FormMessage className="sm:col-span-2" />
            </FormItem>
          )}
        />
      </Form>
    </li>
  );
}
