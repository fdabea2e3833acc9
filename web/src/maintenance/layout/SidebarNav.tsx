import type { ReactNode } from 'react';
import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { LineIcon, type IconName } from '../ui/icons';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Matches only the exact path (Home), not everything under it. */
  end?: boolean;
}

function NavEntry({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      px={collapsed ? '0' : '3'}
      justifyContent={collapsed ? 'center' : 'flex-start'}
      h="9"
      borderRadius="md"
      color="fg"
      fontSize="sm"
      textDecoration="none"
      _hover={{ bg: 'bg.emphasized', textDecoration: 'none' }}
      _currentPage={{ bg: 'bg.emphasized', fontWeight: 'semibold' }}
    >
      <NavLink to={item.to} end={item.end} onClick={onNavigate} aria-label={collapsed ? item.label : undefined} title={collapsed ? item.label : undefined}>
        <LineIcon name={item.icon} flexShrink={0} />
        {!collapsed && (
          <Text as="span" truncate>
            {item.label}
          </Text>
        )}
      </NavLink>
    </Link>
  );
}

interface SidebarNavProps {
  title: string;
  home: NavItem;
  items: readonly NavItem[];
  footer: readonly NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
  /** Shown under the footer links (the older layout's "Logged in as"). */
  children?: ReactNode;
}

/** Home on top, the menu, then the way out; icon-only when collapsed. */
export function SidebarNav({ title, home, items, footer, collapsed, onNavigate, children }: SidebarNavProps) {
  return (
    <Flex as="nav" aria-label={title} direction="column" h="full" p="2" gap="2">
      <NavEntry item={home} collapsed={collapsed} onNavigate={onNavigate} />
      <Box borderTopWidth="1px" />
      <Stack as="ul" listStyleType="none" gap="1" flex="1" overflowY="auto" m="0" p="0">
        {items.map((item) => (
          <li key={item.to}>
            <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
          </li>
        ))}
      </Stack>
      <Box borderTopWidth="1px" />
      {footer.map((item) => (
        <NavEntry key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
      {children}
    </Flex>
  );
}
