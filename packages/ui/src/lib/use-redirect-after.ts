import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Once `active` turns true, waits `ms` and then replaces the location with `to`
 * (e.g. /login two seconds after a new password was saved). Cancelled on unmount.
 */
export function useRedirectAfter(active: boolean, to: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [active, to, ms, navigate]);
}
