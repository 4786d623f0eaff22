import type { ModuleView } from '@painel/shared/schemas/modules';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const labels: Record<ModuleView['status'], string> = {
  inativo: 'Inativo',
  manutencao: 'Manutenção',
  online: 'Online',
};

const styles: Record<ModuleView['status'], string> = {
  inativo: 'border-transparent bg-muted text-muted-foreground',
  manutencao: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200',
  online: 'border-transparent bg-success/15 text-success',
};

export function ModuleStatusBadge({ status }: { status: ModuleView['status'] }) {
  return <Badge className={cn(styles[status])}>{labels[status]}</Badge>;
}
