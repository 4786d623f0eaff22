import { messages } from '@painel/shared/messages';
import { telegramLink, whatsappLink } from '@painel/shared/rules/contact-links';
import type { TimeLeft } from '@painel/shared/rules/time-left';
import type { PublicUser } from '@painel/shared/schemas/user';
import { Clock, FlaskConical, Headset, Mail, MessageCircle, Send } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

/** Shown while 0 < time left <= 48 h (docs/product/lookups.md#time-left). */
export function ExpiryWarning({ left }: { left: TimeLeft }) {
  if (!left.warning) return null;
  const when = left.kind === 'hours' ? `em ${left.value}` : `em ${left.value} dia(s)`;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-500/40 bg-amber-400/15 px-4 py-3 text-sm text-amber-950 dark:text-amber-100"
    >
      <Clock className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-56 flex-1">
        <strong className="font-semibold">Seu acesso expira {when}.</strong> Renove seu plano para não perder
        as consultas.
      </p>
      <Button asChild size="sm" variant="outline" className="max-sm:h-11">
        <Link to="/planos">Renovar</Link>
      </Button>
    </div>
  );
}

/** Trial mode: tests left, and where to subscribe (docs/product/lookups.md#trial). */
export function TrialBanner({ remaining, limit }: { remaining: number | null; limit: number | null }) {
  const exhausted = remaining !== null && remaining <= 0;
  return (
    <section
      aria-label="Modo teste"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-blue-500/30 bg-blue-500/10 px-4 py-3 text-sm"
    >
      <FlaskConical className="size-5 shrink-0 text-blue-700 dark:text-blue-300" aria-hidden="true" />
      <div className="grid min-w-56 flex-1 gap-0.5">
        <p className="font-semibold">
          {exhausted
            ? messages.trialExhausted
            : `Modo teste: ${remaining ?? '–'}${limit !== null ? ` de ${limit}` : ''} consultas gratuitas restantes`}
        </p>
        <p className="text-muted-foreground">
          No teste, só módulos por quantidade e parte dos dados fica oculta. Assine um plano para ver tudo.
        </p>
      </div>
      <Button asChild size="sm" className="max-sm:h-11 max-sm:w-full">
        <Link to="/planos">Assinar um plano</Link>
      </Button>
    </section>
  );
}

/**
 * The reseller a usuario is linked to, with contact links (docs/product/roles.md#in-the-panel).
 * On a phone the links sit under the name and e-mail, each half the card's width; from 640 px
 * they sit beside them. A long name or e-mail is cut with an ellipsis, never covered.
 */
export function ResellerCard({ reseller }: { reseller: NonNullable<PublicUser['revendedor']> }) {
  const whatsapp = reseller.whatsapp_contato ? whatsappLink(reseller.whatsapp_contato) : null;
  const telegram = reseller.telegram_contato ? telegramLink(reseller.telegram_contato) : null;
  return (
    <section
      aria-label="Seu revendedor"
      className="grid gap-3 rounded-xl border bg-card px-4 py-3 text-sm shadow-sm sm:flex sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Headset className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="text-muted-foreground">Seu revendedor</p>
          <p className="truncate font-semibold" title={reseller.nome}>
            {reseller.nome}
          </p>
          <p className="flex min-w-0 items-center gap-1 text-muted-foreground">
            <Mail className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate" title={reseller.email}>
              {reseller.email}
            </span>
          </p>
        </div>
      </div>
      {(whatsapp || telegram) && (
        <div className="flex gap-2 sm:shrink-0">
          {whatsapp && (
            <Button asChild variant="outline" className="h-11 flex-1 sm:h-9 sm:flex-none">
              <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden="true" />
                WhatsApp
              </a>
            </Button>
          )}
          {telegram && (
            <Button asChild variant="outline" className="h-11 flex-1 sm:h-9 sm:flex-none">
              <a href={telegram} target="_blank" rel="noopener noreferrer">
                <Send aria-hidden="true" />
                Telegram
              </a>
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
