import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useSession } from '../../shared/session/SessionContext';
import type { RouteDef } from '@bb/contracts';
import { useMayCall } from '../auth/access';
import { useLogout } from '../auth/useLogout';
import { menuEntry } from '../domain/menu';
import { SECURITY_PATH } from '../domain/session';
import { LineIcon } from '../ui/icons';
import { SidebarNav, type NavItem } from './SidebarNav';

// The older console's menu. Its appointments and e-mail list live under /admin; the other
// entries open the same screens in the maintenance area.
const DASHBOARD: NavItem = { label: 'Dashboard', to: '/maintenance', icon: 'home', end: true };
const ITEMS: (NavItem & { route: RouteDef })[] = [
  { label: 'Treatments', to: '/maintenance/treatments', icon: 'treatments', route: menuEntry('treatments').route },
  { label: 'Results', to: '/maintenance/results', icon: 'results', route: menuEntry('results').route },
  { label: 'News', to: '/maintenance/news', icon: 'news', route: menuEntry('news').route },
  { label: 'Appointments', to: '/admin/appointments', icon: 'appointments', route: menuEntry('appointments').route },
  { label: 'Email List', to: '/admin/email-subscribers', icon: 'email-subscribers', route: menuEntry('email-subscribers').route },
  { label: 'Reports', to: '/maintenance/reports', icon: 'reports', route: menuEntry('reports').route },
];

export function AdminLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const may = useMayCall();
  const items = ITEMS.filter((item) => may(item.route));
  return (
    <Flex minH="100vh" direction={{ base: 'column', md: 'row' }}>
      <Box
        as="aside"
        w={{ base: 'full', md: '16rem' }}
        flexShrink={0}
        borderRightWidth={{ md: '1px' }}
        borderBottomWidth={{ base: '1px', md: '0' }}
        bg="bg.subtle"
      >
        <SidebarNav title="Admin" home={DASHBOARD} items={items} footer={[]} collapsed={false}>
          <Stack gap="2" p="2">
            <Text fontSize="sm" color="fg.muted">
              Logged in as{' '}
              <Text as="span" fontWeight="semibold" color="fg">
                {user?.username}
              </Text>
            </Text>
            <Button asChild size="sm" variant="ghost">
              <RouterLink to={SECURITY_PATH}>
                <LineIcon name="security" />
                Security
              </RouterLink>
            </Button>
            <Button size="sm" variant="outline" onClick={() => void logout()}>
              <LineIcon name="logout" />
              Logout
            </Button>
          </Stack>
        </SidebarNav>
      </Box>
      <Box as="main" flex="1" minW="0" px={{ base: '4', md: '8' }} py={{ base: '4', md: '8' }}>
        <Outlet />
      </Box>
    </Flex>
  );
}
