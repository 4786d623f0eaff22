import { messages } from '@painel/shared/messages';
import { API_KEY_DEFAULT_RATE } from '@painel/shared/schemas/api-keys';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActiveModules } from '@/features/api-keys/api/get-active-modules';
import { copyText } from '@/lib/copy-text';

interface Example {
  title: string;
  what: string;
  code: string;
}

/** The calls a key may make, as curl commands against this panel's own address. */
export function apiExamples(baseUrl: string): Example[] {
  const key = '-H "X-Api-Key: $PAINEL_API_KEY"';
  return [
    {
      title: 'Fazer uma consulta',
      what: 'POST /api/consultas: gasta créditos ou a cota do módulo, como no painel. Repita com a mesma Idempotency-Key se a resposta se perder: a consulta não é cobrada duas vezes.',
      code: [
        `curl -X POST "${baseUrl}/consultas" \\`,
        `  ${key} \\`,
        '  -H "Content-Type: application/json" \\',
        '  -H "Idempotency-Key: pedido-12345" \\',
        `  -d '{"modulo_id": 1, "input": {"cpf": "12345678909"}, "finalidade_id": 1}'`,
      ].join('\n'),
    },
    {
      title: 'Listar as consultas',
      what: 'GET /api/consultas: o seu histórico, da mais recente para a mais antiga.',
      code: `curl "${baseUrl}/consultas?page=1&limit=20" \\\n  ${key}`,
    },
    {
      title: 'Ver uma consulta',
      what: 'GET /api/consultas/{id}: uma consulta do seu histórico, com o resultado.',
      code: `curl "${baseUrl}/consultas/123" \\\n  ${key}`,
    },
    {
      title: 'Módulos ativos',
      what: 'GET /api/modulos/ativos: os módulos, seus campos de entrada e o seu uso nas últimas 24 h.',
      code: `curl "${baseUrl}/modulos/ativos" \\\n  ${key}`,
    },
    {
      title: 'Enviar um lote',
      what: 'POST /api/lotes: um arquivo CSV ou XLSX (a primeira linha nomeia os campos do módulo) vira uma cotação; nada é cobrado até confirmar. Depois: POST /api/lotes/{id}/confirmar, GET /api/lotes/{id} para o progresso e GET /api/lotes/{id}/resultado.csv (ou .xlsx).',
      code: [
        `curl -X POST "${baseUrl}/lotes" \\`,
        `  ${key} \\`,
        '  -F "modulo_id=1" -F "finalidade_id=1" \\',
        '  -F "arquivo=@clientes.csv"',
      ].join('\n'),
    },
    {
      title: 'Seu perfil e saldo',
      what: 'GET /api/profile: a conta da chave, com créditos e fim do acesso.',
      code: `curl "${baseUrl}/profile" \\\n  ${key}`,
    },
  ];
}

const keyErrors: [number, string, string][] = [
  [403, 'API_KEY_NOT_ALLOWED', 'A chave foi usada numa chamada que não é uma das acima.'],
  [401, 'API_KEY_INVALID', messages.apiKeyInvalid],
  [401, 'API_KEY_REVOKED', messages.apiKeyRevokedUse],
  [401, 'API_KEY_EXPIRED', messages.apiKeyExpired],
  [401, 'API_KEY_USER_BANNED', messages.apiKeyUserBanned],
  [401, 'API_KEY_USER_INACTIVE', messages.apiKeyUserInactive],
  [403, 'API_KEY_IP_DENIED', messages.apiKeyIpDenied],
  [403, 'API_KEY_MODULE_DENIED', messages.apiKeyModuleDenied],
  [429, 'API_KEY_DAILY_CAP', messages.apiKeyDailyCap],
  [429, 'RATE_LIMITED', 'Requisições por segundo acima do limite da chave. Espere e tente de novo.'],
  [409, 'IDEMPOTENCY_MISMATCH', messages.idempotencyMismatch],
  [409, 'IDEMPOTENCY_IN_PROGRESS', messages.idempotencyInProgress],
  [400, 'VALIDATION_ERROR', 'Algum campo está errado: o objeto fields da resposta diz qual e por quê.'],
  [402, 'INSUFFICIENT_CREDITS', 'Créditos insuficientes para esta consulta.'],
  [403, 'QUOTA_EXCEEDED', 'Limite de 24 h deste módulo atingido.'],
  [403, 'NO_QUOTA', 'Sem acesso a este módulo.'],
  [403, 'TRIAL_EXHAUSTED', 'Os testes gratuitos acabaram.'],
  [404, 'NOT_FOUND', 'Módulo, consulta ou resultado não encontrado.'],
  [503, 'MODULE_MAINTENANCE', 'Módulo em manutenção. Nada foi cobrado.'],
  [502, 'UPSTREAM_ERROR', 'O provedor de dados falhou. Nada foi cobrado.'],
  [504, 'UPSTREAM_TIMEOUT', 'O provedor de dados não respondeu a tempo. Nada foi cobrado.'],
];

const responseHeaders: [string, string][] = [
  ['X-Custo-Creditos', 'Nas respostas de consulta: quantos créditos ela custou, com ponto decimal (2.50).'],
  ['X-Creditos-Restantes', 'Nas respostas de consulta: o seu saldo de créditos depois dela (7.50).'],
  ['X-RateLimit-Limit', `Requisições por segundo que a chave pode fazer (padrão ${API_KEY_DEFAULT_RATE}).`],
  ['X-RateLimit-Remaining', 'Quantas ainda cabem no segundo atual.'],
  ['X-RateLimit-Reset', 'Em quantos segundos a contagem recomeça.'],
];

/** /integracao, titled 'API' (docs/product/api-keys.md#tela): how a customer's system calls the panel. */
export function ApiDocsPage({ origin, keysPath }: { origin: string; keysPath: string }) {
  const baseUrl = `${origin}/api`;
  const modules = useActiveModules();
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="API"
        description="Consulte a partir dos seus próprios sistemas, com os seus créditos."
      />

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>Como começar</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <ol className="grid list-decimal gap-2 pl-5">
            <li>
              Crie uma chave em{' '}
              <Link to={keysPath} className="font-medium text-primary underline-offset-4 hover:underline">
                Perfil → Chaves de API
              </Link>{' '}
              e guarde-a: ela só aparece uma vez.
            </li>
            <li>
              Envie-a no cabeçalho <code className="font-mono">X-Api-Key</code> de cada chamada, no lugar de
              entrar no painel. Ela não abre sessão e gasta os seus créditos, cotas e testes como o painel.
            </li>
            <li>
              Guarde a chave no servidor: nunca a coloque em páginas ou aplicativos que outras pessoas baixam.
            </li>
          </ol>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Endereço base</dt>
            <dd className="min-w-0 font-mono break-all" data-testid="api-base-url">
              {baseUrl}
            </dd>
            <dt className="text-muted-foreground">Cabeçalho</dt>
            <dd className="font-mono">X-Api-Key: pk_…</dd>
          </dl>
        </CardContent>
      </Card>

      <section aria-labelledby="api-calls" className="grid min-w-0 gap-4">
        <h2 id="api-calls" className="text-lg font-semibold">
          Chamadas
        </h2>
        {apiExamples(baseUrl).map((example) => (
          <Card key={example.title} className="min-w-0">
            <CardHeader>
              <CardTitle>
                <h3>{example.title}</h3>
              </CardTitle>
              <CardDescription>{example.what}</CardDescription>
            </CardHeader>
            <CardContent>
              <CodeBlock code={example.code} label={example.title} />
            </CardContent>
          </Card>
        ))}
      </section>

      {modules.data && modules.data.length > 0 && (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>
              <h2>Seus módulos</h2>
            </CardTitle>
            <CardDescription>
              O <code className="font-mono">modulo_id</code> e os campos de{' '}
              <code className="font-mono">input</code> de cada um.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {modules.data.map((module) => (
                <li key={module.id} className="flex flex-wrap gap-x-2">
                  <span className="font-mono">{module.id}</span>
                  <span className="font-medium">{module.nome}</span>
                  <span className="font-mono text-muted-foreground break-all">
                    {module.campos_entrada.map((field) => field.nome).join(', ')}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>Cabeçalhos da resposta</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {responseHeaders.map(([name, what]) => (
              <div key={name} className="contents">
                <dt className="font-mono">{name}</dt>
                <dd className="text-muted-foreground">{what}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>Erros</h2>
          </CardTitle>
          <CardDescription>
            Toda recusa responde JSON com <code className="font-mono">error</code> (a mensagem) e{' '}
            <code className="font-mono">code</code> (estável, para o seu sistema decidir). Nenhuma delas
            cobra.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 text-sm" aria-label="Códigos de erro">
            {keyErrors.map(([status, code, what]) => (
              <li key={code} className="grid gap-0.5 border-b pb-3 last:border-b-0 last:pb-0">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-mono tabular-nums text-muted-foreground">{status}</span>
                  <code className="font-mono font-medium break-all">{code}</code>
                </p>
                <p className="text-muted-foreground">{what}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <KeyRound className="size-4" aria-hidden="true" />
        <Link to={keysPath} className="font-medium text-primary underline-offset-4 hover:underline">
          Gerenciar chaves de API
        </Link>
      </p>
    </div>
  );
}

/** A command that scrolls sideways inside its own box, so a phone's page never widens. */
function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(code);
      setCopied(true);
      toast.success('Exemplo copiado');
    } catch {
      toast.error('Não foi possível copiar. Selecione o texto e copie à mão.');
    }
  };
  return (
    <div className="relative min-w-0">
      <section
        className="max-w-full overflow-x-auto rounded-md border bg-muted"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
        tabIndex={0}
        aria-label={`Exemplo: ${label}`}
      >
        <pre className="w-max p-3 pr-12 font-mono text-xs leading-relaxed sm:text-sm">
          <code>{code}</code>
        </pre>
      </section>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="absolute top-1.5 right-1.5 size-8 bg-card"
        onClick={copy}
        aria-label={`Copiar exemplo: ${label}`}
        title="Copiar"
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      </Button>
    </div>
  );
}
