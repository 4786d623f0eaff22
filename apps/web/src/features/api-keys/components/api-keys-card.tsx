import { API_KEYS_PER_USER } from '@painel/shared/schemas/api-keys';
import { BookOpen, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { ApiKeyFacts, keyPrefixText } from '@/components/api-key-facts';
import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { RevokeApiKeyButton } from '@/components/revoke-api-key-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { moduleNamesOf, useActiveModules } from '@/features/api-keys/api/get-active-modules';
import { useApiKeys } from '@/features/api-keys/api/get-api-keys';
import { useRevokeApiKey } from '@/features/api-keys/api/revoke-api-key';
import { apiKeysMessages } from '@/features/api-keys/api-keys-messages';
import { CreateApiKeyDialog } from '@/features/api-keys/components/create-api-key-dialog';

/** /profile's 'Chaves de API' (docs/product/api-keys.md#tela): the user's keys, a new one, a revocation. */
export function ApiKeysCard({ docsPath }: { docsPath: string }) {
  const keys = useApiKeys();
  const modules = useActiveModules();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const moduleNames = moduleNamesOf(modules.data);
  const count = keys.data?.length ?? 0;
  const full = count >= API_KEYS_PER_USER;

  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader>
        <CardTitle>
          <h2 id="api-keys-title">Chaves de API</h2>
        </CardTitle>
        <CardDescription>
          Consulte a partir dos seus próprios sistemas com uma chave no cabeçalho <code>X-Api-Key</code>. Ela
          gasta os seus créditos, como o painel.{' '}
          <Link to={docsPath} className="font-medium text-primary underline-offset-4 hover:underline">
            Como usar a API
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
            {keys.data && `${count} de ${API_KEYS_PER_USER} chaves`}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to={docsPath}>
              <BookOpen aria-hidden="true" />
              Documentação
            </Link>
          </Button>
          <Button size="sm" onClick={() => setCreating(true)} disabled={!keys.data || full}>
            <Plus aria-hidden="true" />
            Criar chave
          </Button>
        </div>
        {full && (
          <p className="text-sm text-muted-foreground">
            Você chegou a {API_KEYS_PER_USER} chaves. Revogue uma para criar outra.
          </p>
        )}

        {keys.isPending ? (
          <ListSkeleton label="Carregando chaves de API" />
        ) : keys.isError ? (
          <LoadErrorAlert
            title={apiKeysMessages.loadFailed}
            error={keys.error}
            onRetry={() => keys.refetch()}
          />
        ) : keys.data.length === 0 ? (
          <p className="flex items-center gap-2 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            {apiKeysMessages.empty}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Suas chaves de API">
            {keys.data.map((apiKey) => (
              <li key={apiKey.id} aria-label={apiKey.nome} className="grid gap-3 rounded-md border p-4">
                <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                  <div className="mr-auto grid min-w-0 gap-0.5">
                    <p className="font-medium break-words">{apiKey.nome}</p>
                    <p className="font-mono text-sm text-muted-foreground">{keyPrefixText(apiKey.prefixo)}</p>
                  </div>
                  {apiKey.expira_em !== null && new Date(apiKey.expira_em).getTime() <= Date.now() && (
                    <Badge variant="destructive">Expirada</Badge>
                  )}
                  <RevokeApiKeyButton
                    nome={apiKey.nome}
                    pending={revoke.isPending && revoke.variables === apiKey.id}
                    onConfirm={() => revoke.mutate(apiKey.id)}
                  />
                </div>
                <ApiKeyFacts apiKey={apiKey} moduleNames={moduleNames} wide />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} modules={modules.data ?? []} />
    </Card>
  );
}
