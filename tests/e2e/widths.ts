/**
 * The two widths a public feature is checked at: a phone, where the header collapses behind its menu button
 * and grids stack, and a desktop, where the full bar and the multi-column layouts show.
 */
export const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;
