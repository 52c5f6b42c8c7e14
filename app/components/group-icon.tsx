import type { ProductGroup } from '#shared/catalog.ts';

/**
 * One line icon per product group (24 px grid, 1.75 px round strokes in the text colour), shown beside
 * each product in the Solutions menu: granules for Nutrient Management, a shield for Nutrient Protection,
 * a sprouting seed for Seed Enhancement. Decorative: the group's name is the heading above.
 */
const PATHS: Record<ProductGroup, React.ReactNode> = {
  'Nutrient Management': (
    <>
      <circle cx="8" cy="15.5" r="4.75" />
      <circle cx="15.5" cy="7.5" r="4" />
      <circle cx="18" cy="17.5" r="3" />
      <path d="M6.5 14.5h.01M9.5 17h.01M14.5 6.5h.01M16.5 8.5h.01" />
    </>
  ),
  'Nutrient Protection': (
    <>
      <path d="M12 3.5 19 6v5.5c0 4.3-2.9 7.7-7 9-4.1-1.3-7-4.7-7-9V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>
  ),
  'Seed Enhancement': (
    <>
      <ellipse cx="12" cy="17.5" rx="5" ry="3.5" />
      <path d="M12 14V8.5" />
      <path d="M12 9.5C12 6.5 9.8 4.5 6.5 4.5c0 3 2.2 5 5.5 5zM12 8.5c0-2.8 2-4.5 5-4.5 0 2.8-2 4.5-5 4.5z" />
    </>
  ),
};

export function GroupIcon({ group, className }: { group: ProductGroup; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-group-icon={group}
    >
      {PATHS[group]}
    </svg>
  );
}
