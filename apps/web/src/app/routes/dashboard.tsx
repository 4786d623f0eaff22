import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return (
    <PagePlaceholder title="Dashboard" notice="O painel está sendo preparado">
      Seus créditos, seu plano e os módulos de consulta aparecerão aqui em breve.
    </PagePlaceholder>
  );
}
