import type { ModuleView } from '@painel/shared/schemas/modules';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { useDeleteModule } from '@/features/modules-admin/api/delete-module';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';

export function DeleteModuleButton({ module }: { module: ModuleView }) {
  const remove = useDeleteModule();

  return (
    <ConfirmDeleteButton
      title={`Deletar ${module.nome}`}
      confirmation={moduleAdminMessages.deleteConfirm}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(module.id)}
    />
  );
}
