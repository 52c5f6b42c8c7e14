/**
 * `derive(source)` once per source object, kept for as long as the source is (a WeakMap): what is
 * derived stays the same object while its source does, so it can in turn key what is built from it
 * (the site header and footer fragments, app/lib/fast-render/shell-fragments.tsx). Callers must not change it.
 */
export function heldFor<S extends object, V>(derive: (source: S) => V): (source: S) => V {
  const held = new WeakMap<S, V>();
  return (source) => {
    if (held.has(source)) return held.get(source) as V;
    const value = derive(source);
    held.set(source, value);
    return value;
  };
}
