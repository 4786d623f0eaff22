import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: ReactNode;
  /** Shown at the header's right (buttons, a status); wraps under the title on narrow screens. */
  actions?: ReactNode;
}

/** A page's h1 with its one-line description and, optionally, actions beside them. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const heading = (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      {heading}
      {actions}
    </div>
  );
}
