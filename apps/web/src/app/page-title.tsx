const APP_NAME = 'Painel Consulta';

/** The browser tab's title for a page, 'Histórico · Painel Consulta' (React puts it in the head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · ${APP_NAME}`}</title>;
}

/** The signed-out pages' titles, shared by the router and the first-visit guest entry. */
export const guestPageTitles = { '/login': 'Entrar', '/register': 'Criar conta' } as const;
