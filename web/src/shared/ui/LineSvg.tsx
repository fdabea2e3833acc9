import type { SVGProps } from 'react';

/**
 * The drawing of every line icon of the app (the console's and the public pages'): a 24-unit
 * square stroked in the text colour, hidden from screen readers. Plain SVG, so the public
 * pages' first load takes no component library for it.
 */
export function LineSvg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}
