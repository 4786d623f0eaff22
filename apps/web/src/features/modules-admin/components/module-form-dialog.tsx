import type { ModuleView } from '@painel/shared/schemas/modules';
import { useRef } from 'react';
import { toast } from 'sonner';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCreateModule } from '@/features/modules-admin/api/create-module';
import { discardModuleImages } from '@/features/modules-admin/api/delete-module-image';
import { useUpdateModule } from '@/features/modules-admin/api/update-module';
import { ModuleForm } from '@/features/modules-admin/components/module-form';
import { ModuleTestPanel } from '@/features/modules-admin/components/module-test-panel';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import {
  formToCreateBody,
  formToUpdateBody,
  type ModuleFormOutput,
} from '@/features/modules-admin/utils/module-form-schema';

interface ModuleFormDialogProps {
  /** null: closed; 'new': the create form; a module: its edit dialog. */
  target: ModuleView | 'new' | null;
  onClose: () => void;
}

/**
 * Create form and edit dialog. Images uploaded here and not kept (cancelled, or replaced before
 * saving) are deleted; the image a saved edit replaces is dropped by the server itself.
 */
export function ModuleFormDialog({ target, onClose }: ModuleFormDialogProps) {
  const create = useCreateModule();
  const update = useUpdateModule();
  const uploads = useRef<string[]>([]);
  const editing = target !== null && target !== 'new' ? target : undefined;

  const close = (keptImage: string | null) => {
    const abandoned = uploads.current.filter((url) => url !== keptImage);
    uploads.current = [];
    if (abandoned.length > 0) void discardModuleImages(abandoned);
    onClose();
  };

  const onSubmit = async (values: ModuleFormOutput) => {
    if (editing) {
      await update.mutateAsync({ id: editing.id, body: formToUpdateBody(values) });
      toast.success(moduleAdminMessages.updated);
    } else {
      await create.mutateAsync(formToCreateBody(values));
      toast.success(moduleAdminMessages.created);
    }
    close(values.imagem_url);
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close(null)}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Editar ${editing.nome}` : 'Novo Módulo'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Mude o que precisar; cabeçalhos secretos em branco mantêm o valor atual.'
              : 'Configure a consulta: para onde ela chama, como é cobrada e que campos pede.'}
          </DialogDescription>
        </DialogHeader>
        {target !== null && (
          <ModuleForm
            key={editing?.id ?? 'new'}
            mode={editing ? 'edit' : 'create'}
            module={editing}
            onSubmit={onSubmit}
            onCancel={() => close(null)}
            failureTitle={editing ? moduleAdminMessages.updateFailed : moduleAdminMessages.createFailed}
            onImageUploaded={(url) => uploads.current.push(url)}
          >
            {editing && <ModuleTestPanel module={editing} />}
          </ModuleForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
