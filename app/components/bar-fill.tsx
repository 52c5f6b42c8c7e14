/**
 * The filled share of a progress or amount bar. Drawn as SVG with attributes rather than a
 * width in a style attribute: valid HTML without inline styles. The bar's colour is its
 * container's text colour.
 */
export function BarFill({ percent }: { percent: number }) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <svg className="bar-fill" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect width={width} height="1" />
    </svg>
  );
}
