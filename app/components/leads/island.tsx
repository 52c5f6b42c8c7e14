import type { ReactNode } from 'react';

/**
 * The server side of a React island (app/client/islands/): the island's component rendered inside a
 * container that carries its props, so the browser can hydrate that part alone (ADR 005).
 */
export function Island<P extends object>({
  name,
  props,
  children,
  className,
}: {
  name: string;
  props: P;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className={className}>
      {children}
    </div>
  );
}
