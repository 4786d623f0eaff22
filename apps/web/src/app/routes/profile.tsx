import { type PublicUser, roleLabels } from '@painel/shared/schemas/user';
import { ArrowLeft, Code, History } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { CreditStatement } from '@/features/profile/components/credit-statement';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { formatLongDate } from '@/lib/format';
import { useSession } from '@/lib/session';

export function Component() {
  const session = useSession();
  if (!session) return null;
  return <ProfilePage user={session.user} />;
}

/**
 * /profile (docs/product/users.md#profile): own data, password, credit statement, API keys
 * (docs/product/api-keys.md#tela) and a way to the history and the API page.
 */
function ProfilePage({ user }: { user: PublicUser }) {
  const createdAt = new Date(user.data_criacao);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
        <h1 className="mr-auto text-2xl font-semibold tracking-tight">Perfil</h1>
        <Button asChild variant="outline" size="sm">
          <Link to="/historico">
            <History aria-hidden="true" />
            Histórico de consultas
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to="/integracao">
            <Code aria-hidden="true" />
            API
          </Link>
        </Button>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <h2>Dados da conta</h2>
              <Badge variant="secondary">{roleLabels[user.tipo]}</Badge>
            </CardTitle>
            <CardDescription>
              {Number.isNaN(createdAt.getTime())
                ? 'Seu nome e o email de acesso.'
                : `Conta criada em ${formatLongDate(createdAt)}.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {/* A new key after a role change re-reads the defaults (contacts appear or go). */}
            <ProfileForm key={user.tipo} user={user} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Alterar senha</h2>
            </CardTitle>
            <CardDescription>
              Ao trocar a senha, as sessões abertas em outros dispositivos são encerradas; esta continua
              conectada.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm email={user.email} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Extrato de créditos</h2>
          </CardTitle>
          <CardDescription>
            Cada entrada e saída do seu saldo: recargas, consultas cobradas, estornos e transferências.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CreditStatement balance={user.creditos} />
        </CardContent>
      </Card>

      <div id="chaves-de-api" className="scroll-mt-20">
        <ApiKeysCard docsPath="/integracao" />
      </div>
    </div>
  );
}
