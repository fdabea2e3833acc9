import { useNavigate } from 'react-router-dom';
import { useSession } from '../../shared/session/SessionContext';
import { toast } from '../../shared/ui/toaster';

/** Revokes the token on the server; the local token is dropped even when that call fails. */
export function useLogout() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch {
      toast.error('Logout failed');
    }
    navigate('/admin/login');
  };
}
