import { Search, X } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface SearchFieldProps {
  /** The field's accessible name ('Buscar usuários'); the placeholder says what it finds. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  maxLength?: number;
  className?: string;
}

/** A search box with its icon and a 'Limpar busca' button once something is typed. */
export function SearchField({ label, placeholder, value, onChange, maxLength, className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        className="px-9 [&::-webkit-search-cancel-button]:appearance-none"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
      {value && (
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-1/2 right-0.5 size-9 -translate-y-1/2"
          aria-label="Limpar busca"
          onClick={() => onChange('')}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
