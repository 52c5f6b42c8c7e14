/**
 * React islands (ADR 005): a form template is a static page whose form is rendered by React on the
 * server inside `<Island>` and hydrated here with React DOM alone, without React Router's runtime.
 * The props travel as JSON in `data-props`, so the browser renders exactly what the server did.
 */
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { markReady } from '../ready.ts';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function Mounted({ children, onMounted }: { children: ReactNode; onMounted(): void }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

/**
 * Hydrates every `[data-island=name]` with `Component`; the page counts as ready once they have mounted
 * and the lazily loaded modules in `ready` (validation, phone mask) have arrived and rendered.
 */
export function hydrateIslands<P extends object>(name: string, Component: ComponentType<P>, ready: Promise<unknown>[] = []) {
  const mounted: Promise<void>[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(el.dataset.props ?? '{}') as P;
    mounted.push(
      new Promise<void>((resolve) =>
        hydrateRoot(
          el,
          <Mounted onMounted={resolve}>
            <Component {...props} />
          </Mounted>,
        ),
      ),
    );
  }
  void Promise.allSettled([...mounted, ...ready])
    .then(nextFrame)
    .then(markReady);
}
