import { Outlet } from 'react-router';

/** Full-screen tools (the product selector) use this layout: no site navigation and no footer. */
export default function SimpleLayout() {
  return (
    <div className="page page--simple theme-default">
      <main id="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
