import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import { API_KEY_RATE_MAX, type ApiKey, apiKeyRateSchema } from '@painel/shared/schemas/api-keys';
import type { PublicUser } from '@painel/shared/schemas/user';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';

import { ApiKeyFacts, keyPrefixText } from '@/components/api-key-facts';
import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { RevokeApiKeyButton } from '@/components/revoke-api-key-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useActiveModuleNames, useUserApiKeys } from '@/features/users-admin/api/get-user-api-keys';
import { useRevokeUserApiKey } from '@/features/users-admin/api/revoke-user-api-key';
import { useSetApiKeyRate } from '@/features/users-admin/api/set-api-key-rate';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { numberInputProps } from '@/lib/number-input';
import { useSession } from '@/lib/session';
import { showServerErrors } from '@/lib/show-server-errors';

const rateRoles = apiKeyContract.setRate['~orpc'].meta.roles;

/**
 * 'Chaves de API' of a managed user (docs/product/api-keys.md#tela): its keys, 'Revogar', and for
 * an admin the requests per second of each.
 */
export function UserApiKeysDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const viewer = useSession()?.user;
  const keys = useUserApiKeys(user.id);
  const moduleNames = useActiveModuleNames();
  const revoke = useRevokeUserApiKey();
  const editsRate = viewer !== undefined && rateRoles !== 'public' && rateRoles.includes(viewer.tipo);
  const names = moduleNames.data ?? new Map<number, string>();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Chaves de API</DialogTitle>
          <DialogDescription>
            As chaves ativas de {user.nome}. Uma chave revogada deixa de funcionar na hora.
          </DialogDescription>
        </DialogHeader>
        {keys.isPending ? (
          <ListSkeleton label="Carregando chaves de API" />
        ) : keys.isError ? (
          <LoadErrorAlert
            title={usersAdminMessages.apiKeysLoadFailed}
            error={keys.error}
            onRetry={() => keys.refetch()}
          />
        ) : keys.data.length === 0 ? (
          <p className="flex items-center gap-2 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            {usersAdminMessages.apiKeysEmpty}
          </p>
        ) : (
          <ul className="grid min-w-0 gap-3" aria-label={`Chaves de API de ${user.nome}`}>
            {keys.data.map((apiKey) => (
              <li
                key={apiKey.id}
                aria-label={apiKey.nome}
                className="grid min-w-0 gap-3 rounded-md border p-4"
              >
                <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                  <div className="mr-auto grid min-w-0 gap-0.5">
                    <p className="font-medium break-words">{apiKey.nome}</p>
                    <p className="font-mono text-sm text-muted-foreground">{keyPrefixText(apiKey.prefixo)}</p>
                  </div>
                  <RevokeApiKeyButton
                    nome={apiKey.nome}
                    pending={revoke.isPending && revoke.variables?.keyId === apiKey.id}
                    onConfirm={() => revoke.mutate({ userId: user.id, keyId: apiKey.id })}
                  />
                </div>
                <ApiKeyFacts apiKey={apiKey} moduleNames={names} />
                {editsRate ? (
                  <RateForm key={apiKey.limite_por_segundo} userId={user.id} apiKey={apiKey} />
                ) : (
                  <p className="text-sm">
                    <span className="text-muted-foreground">Requisições por segundo: </span>
                    {apiKey.limite_por_segundo}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Admin only: the key's requests per second, 1 to 1000 (default 10). */
function RateForm({ userId, apiKey }: { userId: number; apiKey: ApiKey }) {
  const setRate = useSetApiKeyRate();
  const form = useForm<{ limite_por_segundo: number }>({
    resolver: zodResolver(apiKeyRateSchema),
    defaultValues: { limite_por_segundo: apiKey.limite_por_segundo },
  });
  const submit = form.handleSubmit(async ({ limite_por_segundo }) => {
    try {
      await setRate.mutateAsync({ userId, keyId: apiKey.id, limite_por_segundo });
      toast.success(usersAdminMessages.apiKeyRateSaved);
    } catch (error) {
      showServerErrors(form, usersAdminMessages.apiKeyRateFailed, error);
    }
  });
  const busy = form.formState.isSubmitting;
  const error = form.formState.errors.root?.server?.message;
  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={`Requisições por segundo de ${apiKey.nome}`}
        className="flex flex-wrap items-end gap-2"
      >
        <FormField
          control={form.control}
          name="limite_por_segundo"
          render={({ field }) => (
            <FormItem className="grid gap-1.5">
              <FormLabel>Requisições por segundo</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={API_KEY_RATE_MAX}
                  step={1}
                  className="w-32"
                  {...numberInputProps(field)}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" variant="outline" disabled={busy} className="h-10">
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
        {error && (
          <p role="alert" className="basis-full text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
    </Form>
  );
}
