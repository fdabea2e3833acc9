import { Link as RouterLink } from 'react-router-dom';

/** A missing page, or a detail page's missing item; Home is the site's start screen (/), as in the console's Back to Home. */
export function NotFoundBlock({ title, text, homeLabel = 'Return to Home' }: { title: string; text: string; homeLabel?: string }) {
  return (
    <div className="lx-notfound">
      <h1>{title}</h1>
      <p>{text}</p>
      <RouterLink to="/" className="lx-btn lx-btn--lg">
        {homeLabel}
      </RouterLink>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <main className="lx-screen lx-page" data-side="clinic">
      <title>Page Not Found · Lumière</title>
      <NotFoundBlock title="Page Not Found" text="The page you are looking for does not exist or has moved." homeLabel="Go to Home" />
    </main>
  );
}
