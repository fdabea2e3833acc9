import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * In-page anchors (#booking) stay plain links so the browser scrolls to them; app paths go
 * through the router so the page is not reloaded.
 */
export const SmartLink = forwardRef<HTMLAnchorElement, Props>(function SmartLink({ href, ...rest }, ref) {
  if (href.startsWith('#')) return <a ref={ref} href={href} {...rest} />;
  return <RouterLink ref={ref} to={href} {...rest} />;
});
