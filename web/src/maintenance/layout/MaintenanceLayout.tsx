import { Box, Button, Drawer, Flex, IconButton, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { ROLE_LABELS } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { useSession } from '../../shared/session/SessionContext';
import { useLogout } from '../auth/useLogout';
import { OFFERING_LABELS } from '../domain/appointments';
import { menuFor } from '../domain/menu';
import { SECURITY_PATH } from '../domain/session';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from '../domain/sidebar';
import { LineIcon } from '../ui/icons';
import { OfferingToggle } from './OfferingToggle';
import { SidebarNav, type NavItem } from './SidebarNav';
import { useSidebar } from './useSidebar';

const HOME: NavItem = { label: 'Home', to: '/maintenance', icon: 'home', end: true };
const FOOTER: NavItem[] = [{ label: 'Back to Home', to: '/', icon: 'back' }];

/** Sidebar (menu of the chosen side), header with the side toggle, and the screen. */
export function MaintenanceLayout() {
  const sidebar = useSidebar();
  const { offering } = useOffering();
  const { user } = useSession();
  const logout = useLogout();
  // An account that must set up two-factor sign-in first has no other screen yet.
  const items = user && !user.mustEnrol ? menuFor(offering, user.role).map((m) => ({ label: m.label, to: m.path, icon: m.key })) : [];
  const nav = (collapsed: boolean) => (
    <SidebarNav title="Maintenance" home={HOME} items={items} footer={FOOTER} collapsed={collapsed} onNavigate={() => sidebar.setOpenMobile(false)} />
  );

  return (
    <Flex minH="100vh" bg="bg">
      {sidebar.isMobile ? (
        <Drawer.Root open={sidebar.openMobile} onOpenChange={(e) => sidebar.setOpenMobile(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={SIDEBAR_WIDTH_MOBILE} w={SIDEBAR_WIDTH_MOBILE}>
                <Drawer.Title srOnly>Menu</Drawer.Title>
                {nav(false)}
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : (
        <Box
          as="aside"
          w={sidebar.open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON}
          transition="width 0.2s ease"
          flexShrink={0}
          borderRightWidth="1px"
          bg="bg.subtle"
          position="sticky"
          top="0"
          h="100vh"
          data-state={sidebar.open ? 'expanded' : 'collapsed'}
        >
          {nav(!sidebar.open)}
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap={{ base: '1', sm: '3' }}
          px={{ base: '3', md: '6' }}
          h="14"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          bg="bg"
          zIndex="docked"
        >
          <IconButton aria-label="Toggle Sidebar" title="Toggle Sidebar (Ctrl+B)" variant="ghost" size="sm" onClick={sidebar.toggle}>
            <LineIcon name="sidebar" />
          </IconButton>
          <Text fontWeight="semibold" display={{ base: 'none', sm: 'block' }}>
            {OFFERING_LABELS[offering]} maintenance
          </Text>
          <Box flex="1" />
          <OfferingToggle />
          {user && (
            <Text fontSize="sm" color="fg.muted" display={{ base: 'none', md: 'block' }}>
              {user.username} · {ROLE_LABELS[user.role]}
            </Text>
          )}
          <Button asChild size="sm" variant="ghost">
            <RouterLink to={SECURITY_PATH} aria-label="Security">
              <LineIcon name="security" />
              <Text as="span" display={{ base: 'none', sm: 'inline' }}>
                Security
              </Text>
            </RouterLink>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void logout()}>
            <LineIcon name="logout" />
            Logout
          </Button>
        </Flex>
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '4', md: '8' }} maxW="7xl" w="full" mx="auto">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
