import { useCallback, useEffect, useState } from 'react';
import { isSidebarShortcut, MOBILE_BREAKPOINT, readSidebarOpen, sidebarCookie } from '../domain/sidebar';
import { useMinWidth } from '../../shared/ui/useMinWidth';

/**
 * Desktop: expanded or icon-only, remembered in a cookie for 7 days. Mobile: a drawer that
 * starts closed. Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebar() {
  const isMobile = !useMinWidth(MOBILE_BREAKPOINT);
  const [open, setOpenState] = useState(() => readSidebarOpen(document.cookie));
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSidebarShortcut(e)) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { isMobile, open, openMobile, setOpenMobile, toggle };
}
