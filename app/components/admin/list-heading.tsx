import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The top of an admin list screen: its title and main buttons, or the way back to the list. */

/** A screen's title (the h1 its section is labelled by) with its main buttons beside it (Add, Export CSV). */
export function ListHeading({
  id,
  title,
  add,
  children,
}: {
  id: string;
  title: ReactNode;
  /** The primary "Add …" link to the create screen. */
  add?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="admin-heading">
      <h1 id={id} className="admin-title">
        {title}
      </h1>
      {add ? (
        <Link className="button button--primary" to={add.to}>
          {add.label}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

/** "← Back" above a screen that opens from a list. */
export function BackLink({ to }: { to: string }) {
  return (
    <p className="edit-frame__back">
      <Link to={to}>
        <span aria-hidden="true">← </span>Back
      </Link>
    </p>
  );
}
