import type { ComponentPropsWithRef } from 'react';

/**
 * The site's one select, public pages and administration alike: a native <select> (keyboard, screen
 * readers and the phone's own picker for free) drawn by the `.select` class in app.css, with one box
 * and one chevron. Every other prop goes to the select unchanged.
 */
export function Select({ className, ...props }: ComponentPropsWithRef<'select'>) {
  return <select {...props} className={className ? `select ${className}` : 'select'} />;
}
