import { Fragment } from 'react';

import { cn } from '@/lib/utils';

/**
 * An e-mail that wraps where a reader expects (before the '@' and after each dot of the domain), not
 * in the middle of a word; only a single part longer than the line breaks inside it.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at + 1).split('.') : [];
  return (
    <span className={cn('[overflow-wrap:break-word]', className)}>
      {local}
      {at >= 0 && (
        <>
          <wbr />@
          {domain.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the domain's parts in order
            <Fragment key={index}>
              {index > 0 && (
                <>
                  .<wbr />
                </>
              )}
              {part}
            </Fragment>
          ))}
        </>
      )}
    </span>
  );
}
