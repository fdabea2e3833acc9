import type { ReactElement } from 'react';
import { Icon, type IconProps } from '@chakra-ui/react';
import { LineSvg } from '../../shared/ui/LineSvg';

// A handful of line icons drawn inline: the console needs about twenty, not an icon library.
const PATHS = {
  home: <path d="M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10" />,
  packages: <path d="M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7M12 11v10" />,
  portfolio: <path d="M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M15 9h.01" />,
  news: <path d="M4 4h13v16H6a2 2 0 01-2-2V4zm13 4h3v10a2 2 0 01-2 2M8 8h5M8 12h5M8 16h3" />,
  treatments: <path d="M12 3c3 4 6 7 6 11a6 6 0 01-12 0c0-4 3-7 6-11z" />,
  results: <path d="M3 5h8v14H3zM13 5h8v14h-8zM6 12h2M16 12h2" />,
  staff: <path d="M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M17 11a3 3 0 100-6M22 21v-1a5 5 0 00-4-5" />,
  resources: <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM16.5 13v7M13 16.5h7" />,
  appointments: <path d="M4 5h16v16H4zM4 10h16M8 3v4M16 3v4" />,
  payments: <path d="M3 5h18v14H3zM3 10h18M7 15h3" />,
  'email-subscribers': <path d="M3 5h18v14H3zM3 6l9 7 9-7" />,
  settings: <path d="M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-2-4-2 1-2-1-1-2h-4l-1 2-2 1-2-1-2 4 2 1v2l-2 1 2 4 2-1 2 1 1 2h4l1-2 2-1 2 1 2-4-2-1z" />,
  deposits: <path d="M3 6h18v12H3zM12 15a3 3 0 100-6 3 3 0 000 6zM6 9v.01M18 15v.01" />,
  notifications: <path d="M6 9a6 6 0 0112 0c0 6 3 8 3 8H3s3-2 3-8M10 21h4" />,
  chat: <path d="M4 4h16v12H8l-4 4V4z" />,
  'chat-api': <path d="M8 8l-4 4 4 4M16 8l4 4-4 4M14 5l-4 14" />,
  reports: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  users: <path d="M12 11a4 4 0 100-8 4 4 0 000 8zM4 21v-1a8 8 0 0116 0v1" />,
  audit: <path d="M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7" />,
  security: <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zM9 12l2 2 4-4" />,
  privacy: <path d="M6 11h12v10H6zM8 11V7a4 4 0 018 0v4" />,
  back: <path d="M19 12H5M11 6l-6 6 6 6" />,
  sidebar: <path d="M3 4h18v16H3zM9 4v16" />,
  prev: <path d="M15 6l-6 6 6 6" />,
  next: <path d="M9 6l6 6-6 6" />,
  logout: <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11" />,
  plus: <path d="M12 5v14M5 12h14" />,
  edit: <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />,
  trash: <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />,
  copy: <path d="M9 9h11v11H9zM5 15H4V4h11v1" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M4 20h16" />,
  refresh: <path d="M20 11a8 8 0 10-2 6M20 4v7h-7" />,
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof PATHS;

export function LineIcon({ name, ...props }: { name: IconName } & IconProps) {
  return (
    <Icon boxSize="4" {...props} asChild>
      <LineSvg>{PATHS[name]}</LineSvg>
    </Icon>
  );
}
