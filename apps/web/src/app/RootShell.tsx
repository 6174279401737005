import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation';

/** Lets the session store and api client navigate inside the app instead of reloading it. */
export function RootShell() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return <Outlet />;
}
