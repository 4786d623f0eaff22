import { messages } from '@painel/shared/messages';
import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import {
  MODULE_IMAGE_MAX_BYTES,
  MODULE_IMAGE_TYPES,
  useUploadModuleImage,
} from '@/features/modules-admin/api/upload-module-image';
import { ModuleThumbnail } from '@/features/modules-admin/components/modules-table';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';

interface ModuleImageFieldProps {
  value: string | null;
  onChange: (imageUrl: string | null) => void;
  /** Told of every image this form stored, so an abandoned one can be deleted. */
  onUploaded: (imageUrl: string) => void;
}

/** Checked here too (type and 5 MB) so a wrong file never travels; the server checks the content. */
export function checkImageFile(file: File): string | null {
  if (!MODULE_IMAGE_TYPES.includes(file.type)) return messages.imageType;
  if (file.size > MODULE_IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}

export function ModuleImageField({ value, onChange, onUploaded }: ModuleImageFieldProps) {
  const upload = useUploadModuleImage();
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (problem) return;
    try {
      const imageUrl = await upload.mutateAsync(file);
      onUploaded(imageUrl);
      onChange(imageUrl);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : moduleAdminMessages.uploadFailed);
    }
  };

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Imagem
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={value}
            alt="Pré-visualização da imagem do módulo"
            className="size-16 rounded-lg border object-cover"
          />
        ) : (
          <ModuleThumbnail imageUrl={null} className="size-16" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={upload.isPending}
            onClick={() => inputRef.current?.click()}
          >
            {upload.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <ImagePlus aria-hidden="true" />
            )}
            {value ? 'Trocar imagem' : 'Enviar imagem'}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden="true" />
              Remover imagem
            </Button>
          )}
        </div>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={MODULE_IMAGE_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPEG, WEBP, GIF ou SVG, até 5MB.</p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
