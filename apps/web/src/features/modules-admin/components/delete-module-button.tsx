import type { ModuleView } from '@painel/shared/schemas/modules';
import { Trash2 } from 'lucide-react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { useDeleteModule } from '@/features/modules-admin/api/delete-module';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';

export function DeleteModuleButton({ module }: { module: ModuleView }) {
  const remove = useDeleteModule();

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Deletar"
          title="Deletar"
          className="text-destructive hover:text-destructive"
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deletar {module.nome}</AlertDialogTitle>
          <AlertDialogDescription>{moduleAdminMessages.deleteConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => remove.mutate(module.id)}
          >
            Deletar
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
