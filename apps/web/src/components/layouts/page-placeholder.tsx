import { ArrowLeft, Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';

interface PagePlaceholderProps {
  title: string;
  notice?: string;
  /** Where 'Voltar' goes; no button when absent. */
  backTo?: string;
  children?: ReactNode;
}

/** A page whose content is still to come: its title and a card saying so, never made-up data. */
export function PagePlaceholder({
  title,
  notice = 'Esta área está sendo preparada',
  backTo,
  children,
}: PagePlaceholderProps) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        {backTo && (
          <Button asChild variant="outline" size="sm">
            <Link to={backTo}>
              <ArrowLeft aria-hidden="true" />
              Voltar
            </Link>
          </Button>
        )}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </div>
      <Card>
        <CardHeader className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Construction className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-1.5">
            <h2 className="font-semibold">{notice}</h2>
            <CardDescription>{children ?? 'Em breve ela estará disponível aqui.'}</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </div>
  );
}
